import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pidWrittenIn } from '../../deploy/lib/processes.mjs'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pid-file-'))
const file = path.join(dir, 'nginx.pid')
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('pidWrittenIn, the pid a daemon wrote to its pid file', () => {
  it('is 0 while the file is missing', () => {
    fs.rmSync(file, { force: true })
    expect(pidWrittenIn(file)).toBe(0)
  })

  it('is 0 while the file is created but not yet written, never a pid of 0 to signal', () => {
    fs.writeFileSync(file, '')
    expect(pidWrittenIn(file)).toBe(0)
  })

  it('is 0 for what is not a process of its own: 1, a negative number or text', () => {
    for (const text of ['1\n', '-5\n', 'nginx\n', '12.5\n']) {
      fs.writeFileSync(file, text)
      expect(pidWrittenIn(file), text).toBe(0)
    }
  })

  it('is the pid once written, with its newline', () => {
    fs.writeFileSync(file, '4321\n')
    expect(pidWrittenIn(file)).toBe(4321)
  })
})
