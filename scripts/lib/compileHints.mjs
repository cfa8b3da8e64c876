// V8 compiles a function when it is first called, on the main thread. Next's root main files (React
// DOM, Next's router and Turbopack's runtime: what every page runs before it answers a tap, 125 KB
// of the 144 KB compressed a content page starts with) are one module factory after another, all
// called at start-up, so most of the long task that starts a page was V8 compiling them. A file that
// begins with V8's compile hint `//# allFunctionsCalledOnLoad` is compiled whole while it streams
// in, on a background thread, and the main thread only runs it (bench/main-thread.mjs: the time a
// phone's main thread is blocked after the first paint fell from 135–190 ms to 22–27 ms). Browsers
// without the hint read a comment. Only the root main files are marked: the rest load on demand,
// or are small, and compiling what a page never calls would be work for nothing.
import fs from 'node:fs'
import path from 'node:path'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * The scripts Next lists as every route's root main files in the build at `distDir`.
 * @param {string} distDir
 * @returns {string[]} paths under `distDir`, such as `static/chunks/….js`
 */
export function rootMainFiles(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'))
  return (manifest.rootMainFiles ?? []).filter((/** @type {string} */ file) => file.endsWith('.js'))
}

/**
 * Puts the compile hint on the first line of each root main file of the build at `distDir`.
 * Returns the files it changed; running it again changes nothing. A file is replaced, not
 * rewritten in place: a release's build files may be hard links to another's.
 * @param {string} distDir
 * @returns {string[]}
 */
export function hintRootMainFiles(distDir) {
  /** @type {string[]} */
  const changed = []
  for (const file of rootMainFiles(distDir)) {
    const full = path.join(distDir, file)
    const code = fs.readFileSync(full, 'utf8')
    if (code.startsWith(`${COMPILE_HINT}\n`)) continue
    const next = `${full}.hinted`
    fs.writeFileSync(next, `${COMPILE_HINT}\n${code}`)
    fs.renameSync(next, full)
    changed.push(file)
  }
  return changed
}
