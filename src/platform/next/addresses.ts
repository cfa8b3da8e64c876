// Addresses Next makes itself: where it serves its build's files and the names it gives the files
// of its metadata conventions. Each is checked against the installed Next by addresses.test.ts.

/** The first segment of every address Next serves its own files at (the build's scripts, styles, images). */
export const NEXT_OWN_FIRST_SEGMENT = '_next'

/** Where Next serves the build's files; the front serves them from the build folder itself. */
export const NEXT_STATIC_PATH = `/${NEXT_OWN_FIRST_SEGMENT}/static/`

/** Where Next serves its JavaScript chunks. */
export const NEXT_CHUNKS_PATH = `${NEXT_STATIC_PATH}chunks/`

/**
 * The files Next serves from metadata conventions at addresses of its own making: an icon file
 * `icon.svg` in a route folder is `/icon-<hash>.svg`, and the same holds for Apple's icon, the
 * share images and the manifest.
 */
export const METADATA_FILE =
  /^(icon|apple-icon|opengraph-image|twitter-image)(-[0-9a-z]+)?\.[a-z]+$|^manifest\.(json|webmanifest)$/

/**
 * The site's icons at the addresses Next gives them in pages (`/icon-<hash>.svg?icon.<hash>.svg`,
 * `/favicon.ico?favicon.<hash>.ico`, new whenever the file changes).
 */
export const VERSIONED_ICON = /^\/(favicon\.ico|(icon|apple-icon)-[0-9a-z]+\.[a-z]+)\?[^/]+$/
