import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, hintRootMainFiles } from '../../scripts/lib/compileHints.mjs'

let distDir: string
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true })
  fs.writeFileSync(path.join(distDir, file), text)
}
const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8')

beforeEach(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'))
  write(
    'build-manifest.json',
    JSON.stringify({
      rootMainFiles: ['static/chunks/react.js', 'static/chunks/turbopack-runtime.js', 'static/chunks/root.css'],
    }),
  )
  write('static/chunks/react.js', '(globalThis.TURBOPACK||[]).push([1,e=>{}]);')
  write('static/chunks/turbopack-runtime.js', 'let W=()=>{};')
  write('static/chunks/root.css', 'body{margin:0}')
  write('static/chunks/lazy-widget.js', '(globalThis.TURBOPACK||[]).push([2,e=>{}]);')
})
afterEach(() => fs.rmSync(distDir, { recursive: true, force: true }))

describe('the compile hint on the root main files after a build', () => {
  it('puts V8’s hint on the first line of each root main script and leaves its code as it was', () => {
    expect(hintRootMainFiles(distDir)).toEqual(['static/chunks/react.js', 'static/chunks/turbopack-runtime.js'])
    expect(read('static/chunks/react.js')).toBe(`${COMPILE_HINT}\n(globalThis.TURBOPACK||[]).push([1,e=>{}]);`)
    expect(read('static/chunks/turbopack-runtime.js')).toBe(`${COMPILE_HINT}\nlet W=()=>{};`)
  })

  it('marks nothing else: a stylesheet among the root files, a chunk loaded on demand', () => {
    hintRootMainFiles(distDir)
    expect(read('static/chunks/root.css')).toBe('body{margin:0}')
    expect(read('static/chunks/lazy-widget.js')).toBe('(globalThis.TURBOPACK||[]).push([2,e=>{}]);')
  })

  it('changes nothing when run again', () => {
    hintRootMainFiles(distDir)
    expect(hintRootMainFiles(distDir)).toEqual([])
    expect(read('static/chunks/react.js').split(COMPILE_HINT)).toHaveLength(2)
  })

  it('replaces a file rather than writing into it, so another release’s hard link keeps its bytes', () => {
    const other = path.join(distDir, 'other-release-react.js')
    fs.linkSync(path.join(distDir, 'static/chunks/react.js'), other)
    hintRootMainFiles(distDir)
    expect(fs.readFileSync(other, 'utf8')).toBe('(globalThis.TURBOPACK||[]).push([1,e=>{}]);')
    expect(fs.readdirSync(path.join(distDir, 'static/chunks')).filter((name) => name.endsWith('.hinted'))).toEqual([])
  })
})
