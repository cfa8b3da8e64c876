import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(__dirname, '../../..')
const CONTENT_PAGE = path.join(SRC, 'app/(site)/[[...slug]]/page.tsx')
const CLIENT_PARTS = path.join(__dirname, 'clientParts.ts')
const RESOLVED_EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts']

/** The module an import names, when it is one of ours (the `@/` alias or a relative path). */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null
  if (!base) return null
  return (
    [base, ...RESOLVED_EXTENSIONS.map((ending) => base + ending)].find((file) =>
      fs.statSync(file, { throwIfNoEntry: false })?.isFile(),
    ) ?? null
  )
}

/** The modules a file imports for their values (type-only imports left out). */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8')
  const specifiers = [...code.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(
    (match) => match[1],
  )
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? [])
}

const isClientModule = (file: string) => /^\s*['"]use client['"]/.test(fs.readFileSync(file, 'utf8'))

/** The client modules a server module reaches, stopping at each (its own imports come in its file). */
function clientModulesReachedFrom(entry: string): Set<string> {
  const found = new Set<string>()
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    if (isClientModule(file)) found.add(file)
    else queue.push(...importsOf(file))
  }
  return found
}

describe("the layout's client parts", () => {
  it('name every client part a content page renders, so that no block brings a script file of its own to a first visit', () => {
    const named = new Set(importsOf(CLIENT_PARTS))
    const rendered = [...clientModulesReachedFrom(CONTENT_PAGE)]
    expect(rendered.length).toBeGreaterThan(0)
    const missing = rendered.filter((file) => !named.has(file)).map((file) => path.relative(SRC, file))
    expect(missing).toEqual([])
  })
})
