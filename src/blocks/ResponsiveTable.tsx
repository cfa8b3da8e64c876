import type { ReactNode } from 'react'

export type TableData = { caption?: ReactNode; headers: ReactNode[]; rows: ReactNode[][] }

/**
 * One table, two layouts chosen by CSS: a <table> from 768 px, one <dl> per row below it
 * (column header as <dt>, cell as <dd>). The hidden layout is display:none, so assistive
 * technology meets only the one on screen.
 */
export function ResponsiveTable({ caption, headers, rows }: TableData) {
  return (
    <div className="responsive-table">
      <table className="rt-table">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="rt-list">
        {caption ? <p className="rt-list-caption">{caption}</p> : null}
        {rows.map((row, r) => (
          <dl key={r}>
            {row.map((cell, c) => (
              <div key={c} className="rt-pair">
                <dt>{headers[c]}</dt>
                <dd>{cell}</dd>
              </div>
            ))}
          </dl>
        ))}
      </div>
    </div>
  )
}
