import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPayload } from '../support/payload'

/** How long the other process keeps its transaction open. */
const HOLD_MS = 1_500

let site: Awaited<ReturnType<typeof startTestPayload>>
let payload: Payload
let file: string

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-shared-'))
  file = path.join(dir, 'site.db')
  site = await startTestPayload(`file:${file}`)
  payload = site.payload
})
afterAll(async () => {
  await site?.cleanup()
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
})

/**
 * Another process on the same file (a second server, the set-up script) that opens a
 * transaction of the given kind, says so, holds it for HOLD_MS and commits.
 */
async function otherProcessHolding(kind: 'write' | 'read') {
  const statement =
    kind === 'write'
      ? "INSERT INTO chat_conversations (visitor_token_hash, status, updated_at, created_at) VALUES ('other-process', 'queued', '2026-01-01', '2026-01-01')"
      : 'SELECT count(*) FROM chat_conversations'
  const script = `
    const { createClient } = require('@libsql/client')
    const client = createClient({ url: ${JSON.stringify(`file:${file}`)} })
    ;(async () => {
      const transaction = await client.transaction(${JSON.stringify(kind === 'write' ? 'write' : 'deferred')})
      await transaction.execute(${JSON.stringify(statement)})
      console.log('holding')
      await new Promise((resolve) => setTimeout(resolve, ${HOLD_MS}))
      await transaction.commit()
      console.log('released')
      client.close()
    })().catch((error) => { console.error(error); process.exit(1) })
  `
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['-e', script], { cwd: process.cwd() })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  while (!output.includes('holding')) {
    if (child.exitCode !== null) throw new Error(`the other process failed: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return {
    done: once(child, 'exit').then(([code]) => {
      if (code !== 0) throw new Error(`the other process failed: ${output}`)
    }),
  }
}

/** Stores a conversation; resolves to how long that took, in ms. */
const timeToCreateConversation = async (marker: string) => {
  const started = performance.now()
  await payload.create({
    collection: 'chat-conversations',
    data: { visitorTokenHash: marker, name: marker, status: 'queued' },
    overrideAccess: true,
  })
  return performance.now() - started
}

// Two processes on one SQLite file happen in practice: a restart that overlaps the old server,
// the set-up script beside a running site, the browser suites' second server.
describe('the site on a SQLite file another process also uses', () => {
  it('a write made while the other process is writing waits for it and lands', async () => {
    const other = await otherProcessHolding('write')
    const [took] = await Promise.all([timeToCreateConversation('waits-for-writer'), other.done])
    expect(took).toBeGreaterThan(HOLD_MS / 2)
    const stored = await payload.find({
      collection: 'chat-conversations',
      where: { visitorTokenHash: { in: ['waits-for-writer', 'other-process'] } },
      overrideAccess: true,
    })
    expect(stored.totalDocs).toBe(2)
  })

  it('a write made while the other process is reading does not wait for the read to end', async () => {
    const other = await otherProcessHolding('read')
    const took = await timeToCreateConversation('beside-reader')
    await other.done
    expect(took).toBeLessThan(HOLD_MS / 2)
  })
})
