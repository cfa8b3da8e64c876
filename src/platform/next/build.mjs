// The build Next wrote. Checked against the installed Next by internals.test.ts. Plain Node, so that
// the cache handler Next loads from source (src/server/cacheHandler.mjs) reads it too.
import fs from 'node:fs'
import path from 'node:path'

/** Next's build folder, in the project's root. */
export const NEXT_BUILD_DIR = '.next'
/** The file in it naming the build. */
export const BUILD_ID_FILE = 'BUILD_ID'

/**
 * The id of the build in `root`'s build folder.
 * @type {(root: string) => string}
 */
export const buildIdOf = (root) => fs.readFileSync(path.join(root, NEXT_BUILD_DIR, BUILD_ID_FILE), 'utf8').trim()
