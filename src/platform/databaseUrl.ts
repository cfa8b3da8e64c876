/** Whether DATABASE_URL names a PostgreSQL server (otherwise the site uses its SQLite file). */
export function isPostgresUrl(url: string | undefined): boolean {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url))
}
