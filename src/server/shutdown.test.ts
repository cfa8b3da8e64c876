import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FRONT_IDLE_CONNECTION_MS, IDLE_KEPT_WHILE_STOPPING_MS, KEEP_ALIVE_MS } from './shutdown'

const TEMPLATE = path.resolve(__dirname, '../../deploy/nginx.conf.template')

describe('idle connections between the front and an instance', () => {
  it('are given up by the front first: before a stopping instance closes them, and before a running one does', () => {
    // The first keepalive_timeout after the upstream's opening (the server blocks' own come later).
    const upstream = fs.readFileSync(TEMPLATE, 'utf8').match(/upstream app \{[\s\S]*?keepalive_timeout (\d+)s;/)
    const seconds = Number(upstream?.[1])
    expect(seconds * 1000).toBe(FRONT_IDLE_CONNECTION_MS)
    expect(FRONT_IDLE_CONNECTION_MS).toBeLessThan(IDLE_KEPT_WHILE_STOPPING_MS)
    expect(IDLE_KEPT_WHILE_STOPPING_MS).toBeLessThan(KEEP_ALIVE_MS)
  })
})
