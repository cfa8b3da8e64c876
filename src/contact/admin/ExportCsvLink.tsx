/** Above the submissions list in the admin: downloads every submission as a CSV file (admins only). */
export const EXPORT_CSV_PATH = '/api/form-submissions/export.csv'

export function ExportCsvLink() {
  return (
    <p className="export-csv">
      <a className="btn btn--style-secondary btn--size-small" href={EXPORT_CSV_PATH} download>
        Export all as CSV
      </a>
    </p>
  )
}
