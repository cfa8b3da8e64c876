// What the site keeps in its data folder (DATA_DIR), by name: src/platform/paths.ts makes the site's
// paths of them, and the operations code (backups, a server's folders, the stack) reads them here.
// Plain JavaScript that imports nothing, so that a command loads it with any Node, before it
// continues on the project's (scripts/lib/bootstrap.mjs).

/** The data folder when DATA_DIR is not set, relative to the checkout or the release. */
export const DEFAULT_DATA_FOLDER = 'data'
/** The SQLite database, when DATABASE_URL names no other file. */
export const SQLITE_FILE_NAME = 'site.db'
/** The media collection's folder, under DATA_DIR on the local disk or in the bucket (src/platform/storage). */
export const MEDIA_FOLDER = 'media'
/** The chat files' folder, under DATA_DIR on the local disk or in the bucket (src/platform/storage). */
export const CHAT_FILES_FOLDER = 'chat-files'
/** The upload collections' folders, which live in the bucket when S3 is set. */
export const UPLOAD_FOLDERS = [MEDIA_FOLDER, CHAT_FILES_FOLDER]
/** The mail no SMTP server took, one file a message (src/platform/mailTransport.ts). */
export const OUTBOX_FOLDER = 'outbox'
/** The first admin's email and password, when no terminal was there to show them (src/setup/firstAdmin.ts). */
export const FIRST_ADMIN_FILE_NAME = 'first-admin.txt'
