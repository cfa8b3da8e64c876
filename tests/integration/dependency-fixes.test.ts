import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { applyDependencyFixes, DEPENDENCY_FIXES } from '../../scripts/lib/dependencyFixes.mjs'

const FIX = { name: 'a test fix', package: 'some-lib', files: ['dist/a.js'], from: 'broken()', to: 'mended()' }
let modules = ''

/** A node_modules folder holding some-lib 1.2.3 whose dist/a.js reads `text`. */
function installed(text: string) {
  modules = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-fixes-'))
  fs.mkdirSync(path.join(modules, 'some-lib', 'dist'), { recursive: true })
  fs.writeFileSync(path.join(modules, 'some-lib', 'package.json'), JSON.stringify({ version: '1.2.3' }))
  fs.writeFileSync(path.join(modules, 'some-lib', 'dist', 'a.js'), text)
  return path.join(modules, 'some-lib', 'dist', 'a.js')
}

afterEach(() => fs.rmSync(modules, { recursive: true, force: true }))

describe('fixes to installed dependencies', () => {
  it('replace the named text once, and leave a file that has the fix alone on the next install', () => {
    const file = installed('start(); broken(); end()')
    expect(applyDependencyFixes(modules, [FIX])).toEqual(['some-lib/dist/a.js'])
    expect(fs.readFileSync(file, 'utf8')).toBe('start(); mended(); end()')
    expect(applyDependencyFixes(modules, [FIX])).toEqual([])
    expect(fs.readFileSync(file, 'utf8')).toBe('start(); mended(); end()')
  })

  it('write a new file rather than through a hard link into a shared cache', () => {
    const file = installed('broken()')
    const cached = path.join(modules, 'cache.js')
    fs.rmSync(cached, { force: true })
    fs.linkSync(file, cached)
    applyDependencyFixes(modules, [FIX])
    expect(fs.readFileSync(cached, 'utf8')).toBe('broken()')
  })

  it('stop the install naming the fix and the version when a release changed the text', () => {
    installed('rewritten()')
    expect(() => applyDependencyFixes(modules, [FIX])).toThrow(/"a test fix" no longer applies to some-lib 1\.2\.3/)
  })

  it('are all in place in this checkout (the install ran them)', () => {
    const root = path.resolve(__dirname, '../../node_modules')
    for (const fix of DEPENDENCY_FIXES) {
      for (const file of fix.files)
        expect(fs.readFileSync(path.join(root, fix.package, file), 'utf8')).toContain(fix.to)
    }
  })
})
