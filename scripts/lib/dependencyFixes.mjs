// Fixes to installed dependencies that their next release has not made yet, applied after every
// install (package.json's postinstall). Each names the exact text it replaces: a release that
// changed that text stops the install with the fix's name, so that someone checks whether the
// release fixed it and removes it here, instead of a fix that silently stops applying.
import fs from 'node:fs'
import path from 'node:path'

/** @typedef {{ name: string, package: string, files: string[], from: string, to: string }} DependencyFix */

/** @type {DependencyFix[]} */
export const DEPENDENCY_FIXES = [
  {
    // Payload opens its schedule dialog on "Unpublish" for any document without newer drafts,
    // which a page that was never published is as well: an editor scheduling a first publish
    // found "Unpublish" chosen. Only a published document now opens on it.
    name: 'schedule dialog opens on Publish for a page never published',
    package: '@payloadcms/ui',
    files: ['dist/elements/PublishButton/index.js'],
    from: "defaultType: !hasNewerVersions ? 'unpublish' : 'publish',",
    to: "defaultType: hasNewerVersions || !hasPublishedDoc ? 'publish' : 'unpublish',",
  },
  {
    // The same line in the package's bundled client build (`D`: newer drafts, `r`: a published copy).
    name: 'schedule dialog opens on Publish for a page never published (bundled client)',
    package: '@payloadcms/ui',
    files: ['dist/exports/client/index.js'],
    from: 'defaultType:D?"publish":"unpublish"',
    to: 'defaultType:D||!r?"publish":"unpublish"',
  },
]

/**
 * Applies each fix under `modulesDir` once (a file that has it already is left alone); returns what
 * it changed. Throws, naming the fix, when a file has neither text exactly once.
 * @param {string} modulesDir
 * @param {DependencyFix[]} fixes
 */
export function applyDependencyFixes(modulesDir, fixes = DEPENDENCY_FIXES) {
  const changed = []
  for (const fix of fixes) {
    const packageJson = path.join(modulesDir, fix.package, 'package.json')
    const version = fs.existsSync(packageJson) ? JSON.parse(fs.readFileSync(packageJson, 'utf8')).version : 'missing'
    for (const file of fix.files) {
      const target = path.join(modulesDir, fix.package, file)
      const text = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''
      if (text.split(fix.to).length === 2) continue
      if (text.split(fix.from).length !== 2) {
        throw new Error(
          `The fix "${fix.name}" no longer applies to ${fix.package} ${version} (${file}): check whether this release fixed it, and update or remove it in scripts/lib/dependencyFixes.mjs.`,
        )
      }
      // Written anew, not in place: the installed file may be a hard link into npm's cache.
      fs.rmSync(target)
      fs.writeFileSync(target, text.replace(fix.from, fix.to))
      changed.push(`${fix.package}/${file}`)
    }
  }
  return changed
}
