import type { StatsBlock as StatsBlockData } from '@/payload-types'
import { ProgressCounters } from './ProgressCounters'

export function StatsBlock({ block }: { block: StatsBlockData }) {
  return (
    <div className="container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <ProgressCounters>
        {block.items.map((item, i) => {
          const labelId = `stat-${item.id ?? i}`
          return (
            <li key={item.id ?? i} className="stat">
              <div
                className="progress"
                role="progressbar"
                aria-labelledby={labelId}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.percent}
                data-progress={item.percent}
              >
                {/* Both values are in the page: CSS shows the start where the counter will count up (widgets.css). */}
                <span className="progress-value">
                  <span className="progress-start">0%</span>
                  <span className="progress-target">{item.percent}%</span>
                </span>
                <span className="progress-track" aria-hidden="true">
                  <span className="progress-bar" style={{ width: `${item.percent}%` }} />
                </span>
              </div>
              <p className="stat-label" id={labelId}>
                {item.label}
              </p>
              {item.description ? <p className="stat-description">{item.description}</p> : null}
            </li>
          )
        })}
      </ProgressCounters>
    </div>
  )
}
