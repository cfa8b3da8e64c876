// What makes a server instance restart in 0.39 of the time (bench/RESULTS.md, "Instance start-up").
// Two costs dominated a start, both in Node's module loader rather than in the site:
//
// - Node looks up the package scope (the nearest package.json) of every ES module file it resolves,
//   and on Node 24 it parses that package.json again each time. `date-fns`, which Payload imports
//   file by file, has a 200 KB package.json: a second of a five-second start went there.
//   `resolveInsideModulePackages` answers the one case that needs no lookup: a relative `import`
//   of a `.js` file from a package that declares itself ES modules (`"type": "module"`). Every other
//   resolution goes to Node unchanged.
// - Compiling the same modules again at every start. Node's compile cache keeps what V8 compiled
//   on disk, checked against each file's contents, so a restart of the same build (after a crash)
//   compiles nothing again; a new build's first start fills its own cache.
import fs from 'node:fs'
import module from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const RELATIVE_JS = /^\.\.?\/[^?#]*\.js$/
const PACKAGE_DIRECTORY = /[\\/]node_modules[\\/]/

/** The "type" of the package scope holding `dir` (a directory inside node_modules), cached per directory. */
/** @type {Map<string, string | null>} */
const scopeTypes = new Map()
/**
 * @param {string} dir
 * @returns {string | null}
 */
function scopeTypeOf(dir) {
  const known = scopeTypes.get(dir)
  if (known !== undefined) return known
  /** @type {string | null} */
  let type
  const manifest = path.join(dir, 'package.json')
  if (path.basename(dir) === 'node_modules') {
    type = null // Node's lookup stops here, without reading node_modules/package.json
  } else if (fs.existsSync(manifest)) {
    try {
      type = JSON.parse(fs.readFileSync(manifest, 'utf8')).type ?? null
    } catch {
      type = null // an unreadable manifest: Node decides (and reports it)
    }
  } else {
    const up = path.dirname(dir)
    type = up === dir ? null : scopeTypeOf(up)
  }
  scopeTypes.set(dir, type)
  return type
}

/**
 * A `module.registerHooks` resolve hook: a relative `import` of a `.js` file, made from a module
 * inside node_modules whose package scope is `"type": "module"`, is that file as an ES module. Any
 * other specifier, a `require`, or a package without that declaration (where Node may look at the
 * file's syntax) is left to Node's own resolution.
 * @param {string} specifier
 * @param {Partial<import('node:module').ResolveHookContext>} context
 * @param {Parameters<import('node:module').ResolveHookSync>[2]} nextResolve
 * @returns {import('node:module').ResolveFnOutput}
 */
export function resolveInsideModulePackages(specifier, context, nextResolve) {
  const parent = context.parentURL
  if (
    RELATIVE_JS.test(specifier) &&
    parent?.startsWith('file:') &&
    PACKAGE_DIRECTORY.test(parent) &&
    context.conditions?.includes('import')
  ) {
    const url = new URL(specifier, parent)
    if (PACKAGE_DIRECTORY.test(url.pathname) && scopeTypeOf(path.dirname(fileURLToPath(url))) === 'module') {
      return { url: url.href, format: 'module', shortCircuit: true }
    }
  }
  return nextResolve(specifier, context)
}

/**
 * Where a build's compiled code is kept: inside `.next/cache` (which a server may write, see
 * deploy/systemd/site@.service), one folder per build, so an old build's code does not pile up.
 * @param {string} root
 * @returns {string}
 */
export function compileCacheDir(root) {
  const buildIdFile = path.join(root, '.next', 'BUILD_ID')
  const buildId = fs.existsSync(buildIdFile) ? fs.readFileSync(buildIdFile, 'utf8').trim() : 'development'
  return path.join(root, '.next', 'cache', 'node-compile-cache', buildId)
}

/**
 * Sets both up for this process, before it loads the server. Returns `saveCompiled`, to call once
 * the server listens: the cache is otherwise written only at a clean exit, which a killed process
 * never has. A cache that cannot be used (a read-only disk) only costs the time it would have saved.
 * @param {string} root
 * @returns {{ saveCompiled: () => void }}
 */
export function startQuickly(root) {
  module.registerHooks({ resolve: resolveInsideModulePackages })
  const dir = compileCacheDir(root)
  const builds = path.dirname(dir)
  try {
    for (const other of fs.existsSync(builds) ? fs.readdirSync(builds) : []) {
      if (other !== path.basename(dir)) fs.rmSync(path.join(builds, other), { recursive: true, force: true })
    }
  } catch {
    // left for a start that may remove them
  }
  module.enableCompileCache(dir)
  return { saveCompiled: () => module.flushCompileCache() }
}
