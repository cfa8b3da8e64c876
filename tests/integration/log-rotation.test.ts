import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cappedLog, LOG_KEPT_FILES, rotateLogsOver } from '../../deploy/lib/logFiles.mjs'

const folders: string[] = []
afterEach(() => folders.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))
const tempFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logs-'))
  folders.push(dir)
  return dir
}

describe('the stack’s log files (deploy/lib/logFiles.mjs)', () => {
  it(`stay under their size: rotated to .1 … .${LOG_KEPT_FILES}, older ones dropped, every line whole and the newest in the current file`, () => {
    const dir = tempFolder()
    const file = path.join(dir, 'app-3460.log')
    const maxBytes = 1_000
    const log = cappedLog(file, { maxBytes })
    const lines = Array.from({ length: 200 }, (_, i) => `{"msg":"line ${String(i).padStart(3, '0')}"}\n`)
    // Written in pieces that cut lines in two, as a pipe delivers them.
    const output = lines.join('')
    for (let at = 0; at < output.length; at += 37) log.write(output.slice(at, at + 37))
    log.close()

    const names = fs.readdirSync(dir).sort()
    expect(names).toEqual(['app-3460.log', 'app-3460.log.1', 'app-3460.log.2', 'app-3460.log.3'])
    for (const name of names) expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(maxBytes)
    const kept = ['app-3460.log.3', 'app-3460.log.2', 'app-3460.log.1', 'app-3460.log']
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
      .join('')
    // The newest lines, in order and whole; the oldest went with the dropped files.
    expect(output.endsWith(kept)).toBe(true)
    expect(kept.startsWith('{"msg"')).toBe(true)
    expect(fs.readFileSync(file, 'utf8').endsWith(lines.at(-1)!)).toBe(true)
  })

  it('rotates the logs over the size when the stack starts, and leaves the others', () => {
    const dir = tempFolder()
    fs.writeFileSync(path.join(dir, 'access.log'), 'x'.repeat(2_000))
    fs.writeFileSync(path.join(dir, 'access.log.1'), 'older')
    fs.writeFileSync(path.join(dir, 'redis.log'), 'small')
    expect(rotateLogsOver(dir, 1_000)).toEqual(['access.log'])
    expect(fs.readdirSync(dir).sort()).toEqual(['access.log.1', 'access.log.2', 'redis.log'])
    expect(fs.readFileSync(path.join(dir, 'access.log.2'), 'utf8')).toBe('older')
  })
})
