import fs from 'node:fs'
import path from 'node:path'

/**
 * Reading the imports of the repository's code, for the tests of its layers (src/layers.test.ts
 * inside src/, src/repositoryLayers.test.ts across src/, scripts/, deploy/ and bench/).
 */

/** TypeScript, and plain Node's modules; declarations (`.d.mts`) describe a module, they are not one. */
const CODE_FILE = /\.(ts|tsx|mjs|js)$/
/** Tests sit beside the code, but no module imports one. */
const TEST_FILE = /\.test\.tsx?$/
const PACKAGES_FOLDER = 'node_modules'

/** `@payload-config` is `src/payload.config.ts`, the top that composes every capability. */
export const CONFIG_ALIAS = '@payload-config'
export const CONFIG_MODULE = 'payload.config'
/** `@/…` is a path under src/ (tsconfig.json's `paths`). */
const SRC_ALIAS = '@/'
/** The aliases of src/'s modules, which bundlers and TypeScript resolve, and plain Node does not. */
export const SRC_ALIASES = [CONFIG_ALIAS, SRC_ALIAS]

/**
 * The modules outside src/ that src/ may import, relative to src/: plain-Node modules of the
 * scripts. The backups' folder and archive names, shared by the backup script and the doctor's
 * readers (which the server's metrics use too), importing nothing but Node's own; and the backups'
 * off-site store, which the doctor asks for the newest archive's copy (it imports the S3 SDK, as
 * src's uploads do). They sit below src/: they import nothing of the repository but each other.
 */
export const OUTSIDE_SRC = ['../scripts/lib/backupArchives.mjs', '../scripts/lib/backupOffsite.mjs']

/** Every code file under a folder, its tests and installed packages left out. */
export function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === PACKAGES_FOLDER ? [] : codeFiles(full)
    return CODE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) ? [full] : []
  })
}

/** `import … from`, `export … from`, `import '…'`, `import('…')` and `require('…')`, each with a literal. */
const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g

/** Block comments, where JSDoc names types with `import('…')`: those load no module. */
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g

/** Every module a text names, as written; with `loadedOnly`, only those it loads when it runs. */
export function specifiersIn(text: string, loadedOnly = false): string[] {
  const code = loadedOnly ? text.replace(BLOCK_COMMENT, '') : text
  return [...code.matchAll(SPECIFIER)].map((match) => match[1])
}

/**
 * The modules of the repository a file imports, as absolute paths, extensions as written (none
 * where the import names none); packages and Node's own modules left out.
 */
export function localImportsOf(file: string, srcRoot: string, loadedOnly = false): string[] {
  return specifiersIn(fs.readFileSync(file, 'utf8'), loadedOnly).flatMap((specifier) => {
    if (specifier === CONFIG_ALIAS) return [path.join(srcRoot, CONFIG_MODULE)]
    if (specifier.startsWith(SRC_ALIAS)) return [path.join(srcRoot, specifier.slice(SRC_ALIAS.length))]
    if (specifier.startsWith('.')) return [path.resolve(path.dirname(file), specifier)]
    return []
  })
}

/** What an import without an extension may name, in the order TypeScript's resolution tries them. */
const ENDINGS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx']

/** The code file an imported path names, among those known; none for a style sheet, data or a typo. */
export function resolveModule(target: string, known: ReadonlySet<string>): string | undefined {
  return ENDINGS.map((ending) => target + ending).find((candidate) => known.has(candidate))
}
