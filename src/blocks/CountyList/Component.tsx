import type { CountyListBlock as CountyListBlockData } from '@/payload-types'

export function CountyListBlock({ block }: { block: CountyListBlockData }) {
  return (
    <div className="container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p className="lead">{block.intro}</p> : null}
      <ul className="county-grid" role="list">
        {block.counties.map((county, i) => (
          <li key={county.id ?? i} className="county">
            <span className="county-name">{county.name} County</span>
            {county.seat ? <span className="county-seat">Seat: {county.seat}</span> : null}
            {county.turnaround ? <span className="county-turnaround">{county.turnaround}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
