import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { siteLogger } from '@/platform/logging'
import { consoleAsJsonLines } from '@/server/consoleLines'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

type LogLine = { level: number; time: string; pid: number; msg: string }

describe('the site’s log lines', () => {
  it('are JSON with the date and time, the pid, the level and the message (the CMS’s logger)', () => {
    const lines: string[] = []
    const { options, destination } = siteLogger({ write: (line: string) => void lines.push(line) })
    const logger = pino(options, destination)
    logger.info('contact queue: started')
    logger.error({ err: Object.assign(new Error('Not found'), { status: 404 }) }, 'refused')
    const [started, refused] = lines.map((line) => JSON.parse(line) as LogLine)
    expect(started).toMatchObject({ level: 30, pid: process.pid, msg: 'contact queue: started' })
    expect(started.time).toMatch(ISO_TIME)
    expect(Math.abs(Date.parse(started.time) - Date.now())).toBeLessThan(60_000)
    // A client error stays at info (src/platform/logging.ts), with the same fields.
    expect(refused).toMatchObject({ level: 30, pid: process.pid, msg: 'Not found' })
  })

  it('go to standard output as JSON, uncoloured, when it is not a terminal', () => {
    expect(siteLogger(undefined, { terminal: false }).destination).toBeUndefined()
    expect(siteLogger(undefined, { terminal: true }).destination).toBeDefined()
  })

  it('include what the server and Next print themselves (the console), errors on standard error', () => {
    const saved = {
      log: console.log,
      info: console.info,
      warn: console.warn,
      error: console.error,
      debug: console.debug,
    }
    const out: string[] = []
    const err: string[] = []
    try {
      consoleAsJsonLines({
        out: { write: (line) => out.push(line) },
        err: { write: (line) => err.push(line) },
        terminal: false,
      })
      console.log('> Ready on http://%s:%d', '127.0.0.1', 3460)
      console.error('A page could not be sent:', new Error('socket hang up'))
    } finally {
      Object.assign(console, saved)
    }
    const ready = JSON.parse(out[0]) as LogLine
    expect(ready).toMatchObject({ level: 30, pid: process.pid, msg: '> Ready on http://127.0.0.1:3460' })
    expect(ready.time).toMatch(ISO_TIME)
    const failed = JSON.parse(err[0]) as LogLine
    expect(failed.level).toBe(50)
    expect(failed.msg).toContain('A page could not be sent: Error: socket hang up')
  })
})
