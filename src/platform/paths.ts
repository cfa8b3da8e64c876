import path from 'node:path'
import { DEFAULT_DATA_FOLDER, MEDIA_FOLDER, SQLITE_FILE_NAME } from './dataFolder.mjs'

/** The media folder's name, beside its path, for the site's readers of media. */
export { MEDIA_FOLDER }

/** Where the running site keeps its files: the SQLite database, uploads and the mail outbox. */
export const DATA_DIR = path.resolve(
  /*turbopackIgnore: true*/ process.cwd(),
  process.env.DATA_DIR || DEFAULT_DATA_FOLDER,
)
export const MEDIA_DIR = path.join(DATA_DIR, MEDIA_FOLDER)
export const SQLITE_FILE = path.join(DATA_DIR, SQLITE_FILE_NAME)
