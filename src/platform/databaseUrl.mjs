// Plain JavaScript, so that the backup scripts load it with any Node, as the site does.

/**
 * Whether DATABASE_URL names a PostgreSQL server (otherwise the site uses its SQLite file).
 * @param {string | undefined} url
 * @returns {boolean}
 */
export function isPostgresUrl(url) {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url))
}
