/** Where the submissions export is served; it takes the list's own `where` query string. */
export const EXPORT_CSV_PATH = '/api/form-submissions/export.csv'
