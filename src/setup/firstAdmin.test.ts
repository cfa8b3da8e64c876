import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { handOverFirstAdmin, OWNER_ONLY_MODE } from './firstAdmin'

const admin = { email: 'admin@example.com', password: 'the-random-password' }
const dirs: string[] = []
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-admin-'))
  dirs.push(dir)
  return path.join(dir, 'data', 'first-admin.txt')
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe('handing over the first admin’s password', () => {
  it('without a terminal, writes it to a file only its owner reads and prints only the file’s path', () => {
    const file = tempFile()
    const lines = handOverFirstAdmin(admin, { toTerminal: false, file })
    expect(lines.join('\n')).not.toContain(admin.password)
    expect(lines.join('\n')).toContain(file)
    expect(fs.statSync(file).mode & 0o777).toBe(OWNER_ONLY_MODE)
    expect(fs.readFileSync(file, 'utf8')).toContain(admin.password)
  })

  it('never writes the password into a file left readable by others: it replaces the file with an owner-only one', () => {
    const file = tempFile()
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, 'old', { mode: 0o644 })
    // Someone else who opened the old file keeps reading the old file, never the password.
    const othersView = fs.openSync(file, 'r')
    const oldInode = fs.fstatSync(othersView).ino
    try {
      handOverFirstAdmin(admin, { toTerminal: false, file })
      expect(fs.statSync(file).mode & 0o777).toBe(OWNER_ONLY_MODE)
      expect(fs.statSync(file).ino).not.toBe(oldInode)
      expect(fs.readFileSync(othersView, 'utf8')).not.toContain(admin.password)
      expect(fs.readFileSync(file, 'utf8')).toContain(admin.password)
    } finally {
      fs.closeSync(othersView)
    }
  })

  it('on a terminal, shows it and writes no file', () => {
    const file = tempFile()
    const lines = handOverFirstAdmin(admin, { toTerminal: true, file })
    expect(lines.join('\n')).toContain(admin.password)
    expect(fs.existsSync(file)).toBe(false)
  })
})
