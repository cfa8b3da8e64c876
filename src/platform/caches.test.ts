import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FRONT_CACHE_S, SHORT_CACHE_MS } from './caches'

const NGINX_TEMPLATE = path.resolve(__dirname, '../../deploy/nginx.conf.template')

describe('the table of short caches', () => {
  it('gives every cache a lifetime of a whole number of milliseconds, the front a whole number of seconds', () => {
    for (const [name, ms] of Object.entries(SHORT_CACHE_MS)) expect(Number.isInteger(ms) && ms > 0, name).toBe(true)
    expect(Number.isInteger(FRONT_CACHE_S)).toBe(true)
  })

  it('is what the nginx template keeps the consent region’s answer for', () => {
    const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8')
    expect(template.match(/proxy_cache_valid 200 (\d+)s;/g)).toEqual([`proxy_cache_valid 200 ${FRONT_CACHE_S}s;`])
  })
})
