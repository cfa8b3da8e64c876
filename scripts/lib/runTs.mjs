// Runs one of the project's TypeScript entry points with plain Node, without a loader: esbuild
// bundles our code, and the rich-text editor's packages with it, into one module; every other
// package stays external and loads from node_modules.
//
// Why: the editor's `lexical` packages load their code through top-level `await import(...)`,
// and Node 20's module loader now and then never settles such a graph. The process then ends
// with status 13 (or 0 under `payload run`, whose start is not awaited) having done nothing.
// Inside one bundle those imports are plain function calls, so the graph always settles.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

/** Packages bundled instead of loaded by Node: the ones whose modules use top-level await. */
const BUNDLED_PACKAGES = /^(lexical|@lexical\/|@payloadcms\/richtext-lexical)(\/|$)/
const NEXT_ENTRY_POINT = /^next\/[a-z-]+$/

/**
 * Bundles `entry` (a path from `root`) into `root/.tmp/run/` and returns the bundle's path;
 * `name` keeps apart the bundles of processes that run side by side.
 * @param {string} root
 * @param {string} entry
 * @param {string} [name]
 * @returns {Promise<string>}
 */
export async function bundleTs(root, entry, name = path.basename(entry, path.extname(entry))) {
  const outfile = path.join(root, '.tmp', 'run', `${name}.mjs`)
  fs.mkdirSync(path.dirname(outfile), { recursive: true })
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(root, 'tsconfig.json'),
    jsx: 'automatic',
    // Components may import their styles; a server-side script has no use for them.
    loader: { '.css': 'empty', '.scss': 'empty' },
    logLevel: 'error',
    // Bundled CommonJS code may call require().
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => {
            // Our own modules (tsconfig paths) and the bundled packages are resolved by esbuild.
            if (args.path.startsWith('@/') || args.path === '@payload-config' || BUNDLED_PACKAGES.test(args.path))
              return undefined
            // Next's entry points (next/cache, next/server) have no exports map: Node's ESM loader needs the file.
            if (NEXT_ENTRY_POINT.test(args.path)) return { path: `${args.path}.js`, external: true }
            return { path: args.path, external: true }
          })
        },
      },
    ],
  })
  return outfile
}

/**
 * Bundles and runs `entry` synchronously; the options and the result are spawnSync's.
 * @param {string} root
 * @param {string} entry
 * @param {string[]} [args]
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export async function runTs(root, entry, args = [], options = {}) {
  const bundle = await bundleTs(root, entry)
  return spawnSync(process.execPath, [bundle, ...args], { cwd: root, ...options })
}
