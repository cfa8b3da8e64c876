import path from 'node:path'

/** Where the running site keeps its files: the SQLite database, uploads and the mail outbox. */
export const DATA_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.DATA_DIR || 'data')
/** The media collection's folder, under DATA_DIR on the local disk or in the bucket (src/platform/storage). */
export const MEDIA_FOLDER = 'media'
export const MEDIA_DIR = path.join(DATA_DIR, MEDIA_FOLDER)
export const SQLITE_FILE = path.join(DATA_DIR, 'site.db')
