import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '..')
/** Every `from '…'` of a module (its imports and re-exports). */
const IMPORTED = /\bfrom\s+['"]([^'"]+)['"]/g

/** The project's modules `file` reaches through relative imports, itself included. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORTED)) {
    if (!specifier.startsWith('.')) continue
    const base = path.resolve(path.dirname(file), specifier)
    const found = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts'].map((suffix) => base + suffix).find(fs.existsSync)
    if (found && fs.statSync(found).isFile()) reachable(found, seen)
  }
  return seen
}

describe("next.config.ts's imports", () => {
  it("name no '@/' path alias anywhere below it: Next loads its configuration without the aliases, and the build would fail", () => {
    const aliased = [...reachable(path.join(ROOT, 'next.config.ts'))].flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(IMPORTED)]
        .filter(([, specifier]) => specifier.startsWith('@/'))
        .map(([, specifier]) => `${path.relative(ROOT, file)} imports ${specifier}`),
    )
    expect(aliased).toEqual([])
  })
})
