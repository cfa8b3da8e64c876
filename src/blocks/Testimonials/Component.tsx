import type { TestimonialsBlock as TestimonialsBlockData } from '@/payload-types'
import { Carousel } from './Carousel'

/**
 * Testimonials as a WAI-ARIA carousel: rotation control first, then previous, next and one
 * button per slide, then the slides. Without JavaScript every slide shows and the controls do not.
 */
export function TestimonialsBlock({ block }: { block: TestimonialsBlockData }) {
  const baseId = `carousel-${block.id ?? 'testimonials'}`
  const headingId = block.heading ? `${baseId}-heading` : undefined
  const slidesId = `${baseId}-slides`
  const count = block.items.length
  return (
    <div className="container">
      {block.heading ? <h2 id={headingId}>{block.heading}</h2> : null}
      <Carousel labelledBy={headingId} label="Testimonials">
        {count > 1 ? (
          <div className="carousel-controls">
            <button type="button" className="carousel-rotation" aria-controls={slidesId}>
              Stop automatic slide show
            </button>
            <button type="button" className="carousel-previous" aria-controls={slidesId}>
              <span aria-hidden="true">‹</span> Previous slide
            </button>
            <button type="button" className="carousel-next" aria-controls={slidesId}>
              Next slide <span aria-hidden="true">›</span>
            </button>
            <div className="carousel-picker" role="group" aria-label="Choose a slide">
              {block.items.map((item, i) => (
                <button
                  key={item.id ?? i}
                  type="button"
                  aria-controls={slidesId}
                  aria-label={`Slide ${i + 1} of ${count}: ${item.name}`}
                  aria-current={i === 0 ? 'true' : undefined}
                />
              ))}
            </div>
          </div>
        ) : null}
        <div id={slidesId} className="carousel-slides" aria-live="off">
          {block.items.map((item, i) => (
            <div
              key={item.id ?? i}
              className={`carousel-slide${i === 0 ? ' is-current' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
            >
              <figure className="testimonial">
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial-name h5">{item.name}</span>
                  {item.role ? <span className="testimonial-role">{item.role}</span> : null}
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </Carousel>
    </div>
  )
}
