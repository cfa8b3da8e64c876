import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { compileCacheDir, resolveInsideModulePackages } from '../../scripts/lib/quickStart.mjs'

const QUICK_START = path.resolve('scripts/lib/quickStart.mjs')
const IMPORTED = { conditions: ['node', 'import', 'module-sync', 'node-addons'] }
const REQUIRED = { conditions: ['node', 'require', 'module-sync', 'node-addons'] }

let root: string
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), text)
}
const urlOf = (file: string) => pathToFileURL(path.join(root, file)).href

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'quick-start-'))
  write('node_modules/esm-pkg/package.json', JSON.stringify({ name: 'esm-pkg', type: 'module', main: 'lib/index.js' }))
  write('node_modules/esm-pkg/lib/index.js', "import { half } from './half.js'\nexport const answer = half * 2\n")
  write('node_modules/esm-pkg/lib/half.js', 'export const half = 21\n')
  write('node_modules/esm-pkg/lib/broken.js', "import { gone } from './gone.js'\nexport const value = gone\n")
  write('node_modules/esm-pkg/legacy/package.json', JSON.stringify({ type: 'commonjs' }))
  write('node_modules/esm-pkg/legacy/old.js', 'module.exports = 1\n')
  write('node_modules/plain-pkg/package.json', JSON.stringify({ name: 'plain-pkg' }))
  write('node_modules/plain-pkg/a.js', 'export const a = 1\n')
  write('src/app.js', 'export const app = 1\n')
  // Node never reads a package.json that sits in node_modules itself: a loose file there has no package.
  write('node_modules/package.json', JSON.stringify({ type: 'module' }))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('resolving inside a package of ES modules', () => {
  it('answers a relative .js import from a "type": "module" package itself, as an ES module', () => {
    const next = vi.fn()
    expect(
      resolveInsideModulePackages(
        './half.js',
        { ...IMPORTED, parentURL: urlOf('node_modules/esm-pkg/lib/index.js') },
        next,
      ),
    ).toEqual({ url: urlOf('node_modules/esm-pkg/lib/half.js'), format: 'module', shortCircuit: true })
    expect(next).not.toHaveBeenCalled()
  })

  it('leaves everything else to Node: bare names, require, other extensions, undeclared or CommonJS scopes, loose files in node_modules, files outside it', () => {
    const next = vi.fn(() => ({ url: 'from-node' }))
    const parent = urlOf('node_modules/esm-pkg/lib/index.js')
    const cases: [string, object][] = [
      ['esm-pkg', { ...IMPORTED, parentURL: urlOf('src/app.js') }],
      ['./half.js', { ...REQUIRED, parentURL: parent }],
      ['./data.json', { ...IMPORTED, parentURL: parent }],
      ['./half.js?v=2', { ...IMPORTED, parentURL: parent }],
      ['../legacy/old.js', { ...IMPORTED, parentURL: parent }],
      ['./a.js', { ...IMPORTED, parentURL: urlOf('node_modules/plain-pkg/index.js') }],
      ['./app.js', { ...IMPORTED, parentURL: urlOf('src/index.js') }],
      ['../../../src/app.js', { ...IMPORTED, parentURL: parent }],
      ['./half.js', { ...IMPORTED, parentURL: 'data:text/javascript,export{}' }],
      ['./loose.js', { ...IMPORTED, parentURL: urlOf('node_modules/other-loose.js') }],
    ]
    for (const [specifier, context] of cases) {
      expect(resolveInsideModulePackages(specifier, context as never, next), specifier).toEqual({ url: 'from-node' })
    }
    expect(next).toHaveBeenCalledTimes(cases.length)
  })
})

describe('a process started quickly', () => {
  const runNode = (script: string) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 20_000 })

  beforeEach(() => {
    write('.next/BUILD_ID', 'build-two\n')
    write('.next/cache/node-compile-cache/build-one/stale', 'an older build’s code')
  })

  it('loads a package’s module graph as Node would, keeps its compiled code for this build only, and drops an older build’s', () => {
    const result = runNode(
      `const { startQuickly } = await import(${JSON.stringify(pathToFileURL(QUICK_START).href)})
       const { saveCompiled } = startQuickly(process.cwd())
       const { answer } = await import('esm-pkg')
       saveCompiled()
       console.log(answer)`,
    )
    expect(result.stderr).toBe('')
    expect(result.stdout.trim()).toBe('42')
    const caches = path.join(root, '.next', 'cache', 'node-compile-cache')
    expect(fs.readdirSync(caches)).toEqual(['build-two'])
    expect(compileCacheDir(root)).toBe(path.join(caches, 'build-two'))
    const kept = fs.readdirSync(path.join(caches, 'build-two'), { recursive: true, withFileTypes: true })
    expect(kept.filter((entry) => entry.isFile()).length).toBeGreaterThan(0)
  })

  it('still fails an import of a file that is not there, with the missing file named', () => {
    const result = runNode(
      `const { startQuickly } = await import(${JSON.stringify(pathToFileURL(QUICK_START).href)})
       startQuickly(process.cwd())
       await import('esm-pkg/lib/broken.js')`,
    )
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('gone.js')
  })
})
