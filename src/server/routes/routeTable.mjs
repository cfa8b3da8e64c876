// The site's routes, read from the folders of src/app the way Next reads them: the one list from
// which the server's metrics labels (src/server/metrics.ts), its unknown-address check
// (src/server/unknownAddresses.ts) and the front's locations (deploy/lib/nginxConf.mjs) are made.
// Node's own modules only, so that the front's configuration (plain Node) reads it as well.
import fs from 'node:fs'
import path from 'node:path'

/**
 * @typedef {'page' | 'handler' | 'file'} RouteKind
 * `page`: a page.tsx; `handler`: a route.ts; `file`: a metadata file Next serves itself (robots,
 * sitemap, favicon, manifest).
 *
 * @typedef {object} Route
 * @property {string[]} segments the address's segments, `[id]`, `[...slug]`, `[[...slug]]` as written
 * @property {RouteKind} kind
 * @property {string | null} group the route group it sits in, as written (`(site)`), or null
 * @property {string} source the file, relative to the app folder
 */

/**
 * The app folder of the checkout at `root` (the server, the release and the stack all start at its root).
 * @type {(root: string) => string}
 */
export const appDirOf = (root) => path.join(root, 'src', 'app')

const PAGE_FILE = /^page\.(tsx|ts|jsx|js|mdx)$/
const HANDLER_FILE = /^route\.(ts|js)$/
/** Metadata files Next serves at an address of their own name (the icons get hashed names: src/server/next/). */
const METADATA_FILES = [
  { file: /^robots\.(ts|js|txt)$/, address: 'robots.txt' },
  { file: /^sitemap\.(ts|js|xml)$/, address: 'sitemap.xml' },
  { file: /^favicon\.ico$/, address: 'favicon.ico' },
  { file: /^manifest\.(ts|js)$/, address: 'manifest.webmanifest' },
  { file: /^manifest\.(json|webmanifest)$/, address: null },
]

/** `(site)`: a route group, which names no segment of the address. */
const isGroup = (/** @type {string} */ name) => /^\(.*\)$/.test(name)
/** `_parts`: a private folder; `@slot`: a parallel route's slot. Neither is an address. */
const isHidden = (/** @type {string} */ name) => name.startsWith('_') || name.startsWith('@')

/**
 * Every route under `appDir`, sorted by address. Throws with the folder named when it cannot be read.
 * @param {string} appDir
 * @returns {Route[]}
 */
export function readRouteTable(appDir) {
  if (!fs.existsSync(appDir)) throw new Error(`The route table cannot be read: no app folder at ${appDir}.`)
  /** @type {Route[]} */
  const routes = []
  /** @type {(dir: string, segments: string[], group: string | null) => void} */
  const visit = (dir, segments, group) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      const source = path.relative(appDir, full).split(path.sep).join('/')
      if (entry.isDirectory()) {
        if (isHidden(entry.name)) continue
        if (isGroup(entry.name)) visit(full, segments, group ?? entry.name)
        else visit(full, [...segments, entry.name], group)
        continue
      }
      if (PAGE_FILE.test(entry.name)) routes.push({ segments, kind: 'page', group, source })
      else if (HANDLER_FILE.test(entry.name)) routes.push({ segments, kind: 'handler', group, source })
      else {
        const metadata = METADATA_FILES.find(({ file }) => file.test(entry.name))
        if (metadata)
          routes.push({ segments: [...segments, metadata.address ?? entry.name], kind: 'file', group, source })
      }
    }
  }
  visit(appDir, [], null)
  return routes.sort((a, b) => addressOf(a).localeCompare(addressOf(b)))
}

/**
 * `[id]`, `[...slug]` or `[[...slug]]`: a segment any value fills.
 * @type {(segment: string) => boolean}
 */
export const isDynamicSegment = (segment) => segment.startsWith('[')

/**
 * The route's address as written: `/api/chat/files/[id]`.
 * @type {(route: Route) => string}
 */
export const addressOf = (route) => `/${route.segments.join('/')}`

/**
 * The segments before the first dynamic one: the part of the address every match shares.
 * @param {Route} route
 * @returns {string[]}
 */
export function fixedSegmentsOf(route) {
  const at = route.segments.findIndex(isDynamicSegment)
  return at === -1 ? route.segments : route.segments.slice(0, at)
}

/**
 * The first segments the app's routes name (not the pages' catch-all, which names none).
 * @param {Route[]} table
 * @returns {string[]}
 */
export function firstSegmentsOf(table) {
  return [...new Set(table.map((route) => fixedSegmentsOf(route)[0]).filter((segment) => segment !== undefined))].sort()
}
