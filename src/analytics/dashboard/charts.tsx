import type { DailyPoint, Ranked } from './report'

const WIDTH = 720
const HEIGHT = 220
const PAD = { top: 16, right: 16, bottom: 28, left: 44 }

/** A "nice" top for an axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function axisMax(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power
}

/** Page views and visitors per day as two lines, plain SVG, with a table of the same figures for screen readers. */
export function DailyChart({ points }: { points: DailyPoint[] }) {
  const top = axisMax(Math.max(0, ...points.map((point) => Math.max(point.views, point.visitors))))
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (points.length > 1 ? (i / (points.length - 1)) * innerW : innerW / 2)
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH
  const line = (key: 'views' | 'visitors') =>
    points.map((point, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(point[key]).toFixed(1)}`).join('')
  const labelEvery = Math.max(1, Math.ceil(points.length / 8))
  return (
    <figure className="analytics-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="daily-chart-caption">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * f)} y2={y(top * f)} className="analytics-grid" />
            <text x={PAD.left - 6} y={y(top * f) + 4} textAnchor="end" className="analytics-axis">
              {top * f}
            </text>
          </g>
        ))}
        {points.map((point, i) =>
          i % labelEvery === 0 ? (
            <text key={point.day} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="analytics-axis">
              {point.day.slice(5)}
            </text>
          ) : null,
        )}
        <path d={line('views')} className="analytics-line analytics-line--views" />
        <path d={line('visitors')} className="analytics-line analytics-line--visitors" />
      </svg>
      <figcaption id="daily-chart-caption">Page views (solid) and visitors (dashed) per day</figcaption>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Page views</th>
            <th scope="col">Visitors</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <th scope="row">{point.day}</th>
              <td>{point.views}</td>
              <td>{point.visitors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

/** A ranked list as a table with a proportional bar in each row. */
export function RankedBars({ title, rows, unit }: { title: string; rows: Ranked[]; unit: string }) {
  const top = Math.max(1, ...rows.map((row) => row.count))
  return (
    <section className="analytics-card" aria-labelledby={`${title}-heading`.replace(/\W+/g, '-')}>
      <h2 id={`${title}-heading`.replace(/\W+/g, '-')}>{title}</h2>
      {rows.length ? (
        <table className="analytics-ranked">
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">
                  <span className="analytics-bar" style={{ width: `${(row.count / top) * 100}%` }} aria-hidden="true" />
                  <span className="analytics-bar-label">{row.label}</span>
                </th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nothing recorded in this period.</p>
      )}
    </section>
  )
}
