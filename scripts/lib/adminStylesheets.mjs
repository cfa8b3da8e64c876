// The site's pages carry their CSS in the document (next.config.ts sets experimental.inlineCss),
// so nothing but the document stands before a visitor's first paint. The admin and the agents'
// console are the exception: Payload's styles are close to 2 MB, and inlined they would travel in
// every admin document instead of once into the browser's cache; the console is a tool its agents
// keep open, whose first paint no visitor waits on. Next decides inlining per route at build time,
// in each route's client reference manifest; after a build, this step turns it off again for
// those routes, which then link their stylesheets as before.
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

/** Route groups whose documents link their stylesheets instead of carrying them. */
export const LINKED_STYLESHEET_GROUPS = ['(payload)', '(agent)']

const MANIFEST_SUFFIX = '_client-reference-manifest.js'

/**
 * The part of a route's client reference manifest this step changes: its stylesheets, each inlined
 * (its text in `content`) or linked.
 * @typedef {{ entryCSSFiles?: Record<string, { inlined?: boolean, content?: string }[]> }} ReferenceManifest
 */

/**
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* manifestsUnder(dir) {
  if (!fs.existsSync(dir)) return
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* manifestsUnder(full)
    else if (entry.name.endsWith(MANIFEST_SUFFIX)) yield full
  }
}

/**
 * Reads a manifest file the way Next does: a script that fills globalThis.__RSC_MANIFEST.
 * @param {string} file
 * @returns {Record<string, ReferenceManifest>}
 */
function readManifests(file) {
  /** @type {{ globalThis: { __RSC_MANIFEST?: Record<string, ReferenceManifest> } }} */
  const sandbox = { globalThis: {} }
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox, { filename: file })
  return sandbox.globalThis.__RSC_MANIFEST ?? {}
}

/**
 * @param {string} file
 * @param {Record<string, ReferenceManifest>} manifests
 */
function writeManifests(file, manifests) {
  const lines = ['globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};']
  for (const [route, manifest] of Object.entries(manifests))
    lines.push(`globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify(manifest)};`)
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
}

/**
 * Marks every stylesheet of a manifest as linked; says whether anything changed.
 * @param {ReferenceManifest} manifest
 * @returns {boolean}
 */
function linkStylesheets(manifest) {
  let changed = false
  for (const files of Object.values(manifest.entryCSSFiles ?? {})) {
    for (const file of files) {
      if (!file.inlined) continue
      file.inlined = false
      delete file.content
      changed = true
    }
  }
  return changed
}

/**
 * Turns CSS inlining off for the routes of LINKED_STYLESHEET_GROUPS in the build at `distDir`.
 * Returns the manifests it rewrote; running it again changes nothing.
 * @param {string} distDir
 * @returns {string[]}
 */
export function linkAdminStylesheets(distDir) {
  /** @type {string[]} */
  const rewritten = []
  for (const group of LINKED_STYLESHEET_GROUPS) {
    for (const file of manifestsUnder(path.join(distDir, 'server', 'app', group))) {
      const manifests = readManifests(file)
      const changed = Object.values(manifests).map(linkStylesheets).some(Boolean)
      if (!changed) continue
      writeManifests(file, manifests)
      rewritten.push(file)
    }
  }
  return rewritten
}
