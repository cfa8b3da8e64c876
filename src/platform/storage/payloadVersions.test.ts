import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../../..')
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  overrides: Record<string, Record<string, string>>
}
/** Payload's S3 adapter and the plugin under it, published a patch behind Payload and run on our Payload. */
const STORAGE_PACKAGES = ['@payloadcms/storage-s3', '@payloadcms/plugin-cloud-storage']

/** Where Node finds package `name` from folder `from`: the nearest node_modules holding it (as Node resolves). */
function installedDir(name: string, from = root): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed`)
  }
}
const installedVersion = (name: string) =>
  (JSON.parse(fs.readFileSync(path.join(installedDir(name), 'package.json'), 'utf8')) as { version: string }).version

describe('one Payload for every Payload package (in place of Payload’s own start-up check)', () => {
  it('installs every other Payload package at Payload’s version', () => {
    const payloadVersion = installedVersion('payload')
    const others = Object.keys(manifest.dependencies).filter(
      (name) => name.startsWith('@payloadcms/') && !STORAGE_PACKAGES.includes(name),
    )
    expect(others.length).toBeGreaterThan(3)
    for (const name of others) expect(`${name}@${installedVersion(name)}`).toBe(`${name}@${payloadVersion}`)
  })

  it('runs the S3 adapter and its plugin on the same copy of Payload and of its admin UI', () => {
    const pluginDir = installedDir('@payloadcms/plugin-cloud-storage', installedDir('@payloadcms/storage-s3'))
    for (const dir of [installedDir('@payloadcms/storage-s3'), pluginDir]) {
      expect(installedDir('payload', dir)).toBe(installedDir('payload'))
      expect(installedDir('@payloadcms/ui', dir)).toBe(installedDir('@payloadcms/ui'))
    }
    for (const name of STORAGE_PACKAGES) expect(manifest.overrides[name]?.payload).toBe('$payload')
  })
})
