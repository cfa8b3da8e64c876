'use client'
import { useSearchParams } from 'next/navigation'
import { EXPORT_CSV_PATH } from './exportPath'

/** Above the submissions list: downloads the list as filtered now (the same `where` and search text) as a CSV file. */
export function ExportCsvLink() {
  const params = useSearchParams()
  const where = new URLSearchParams()
  for (const [key, value] of params)
    if (key.startsWith('where[') || (key === 'search' && value)) where.append(key, value)
  const query = where.toString()
  return (
    <p className="export-csv">
      <a
        className="btn btn--style-secondary btn--size-small"
        href={query ? `${EXPORT_CSV_PATH}?${query}` : EXPORT_CSV_PATH}
        download
      >
        {query ? 'Export these as CSV' : 'Export all as CSV'}
      </a>
    </p>
  )
}
