import path from 'node:path'

/** Where the running site keeps its files: the SQLite database, uploads and the mail outbox. */
export const DATA_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.DATA_DIR || 'data')
export const MEDIA_DIR = path.join(DATA_DIR, 'media')
export const SQLITE_FILE = path.join(DATA_DIR, 'site.db')
