import type { TestimonialsBlock as TestimonialsBlockData } from '@/payload-types'

export function TestimonialsBlock({ block }: { block: TestimonialsBlockData }) {
  return (
    <div className="container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <ul className="testimonials" role="list">
        {block.items.map((item, i) => (
          <li key={item.id ?? i}>
            <figure className="testimonial">
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <span className="testimonial-name">{item.name}</span>
                {item.role ? <span className="testimonial-role">{item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  )
}
