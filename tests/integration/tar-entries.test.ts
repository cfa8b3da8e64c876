import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DamagedArchiveError, readTarGz } from '../../scripts/lib/tarEntries.mjs'

const tar = (args: string[]) =>
  new Promise<void>((resolve, reject) => execFile('tar', args, (error) => (error ? reject(error) : resolve())))

/** Every entry of an archive, with the bytes of each file. */
async function entriesOf(archive: string) {
  const entries: { name: string; kind: string; linkName: string; body?: string }[] = []
  await readTarGz(archive, (entry) => {
    const seen = { name: entry.name, kind: entry.kind, linkName: entry.linkName }
    entries.push(seen)
    if (entry.kind !== 'file') return
    const chunks: Buffer[] = []
    return {
      write: (chunk) => void chunks.push(chunk),
      end: () => void Object.assign(seen, { body: Buffer.concat(chunks).toString('utf8') }),
    }
  })
  return entries
}

let dir: string
/** A folder as a backup's staging folder may be: long paths, a name with spaces and accents, a big file, an empty one. */
const LONG = `data/chat-files/${'a-very-long-folder-name/'.repeat(6)}${'x'.repeat(120)}.png`
/** Over 100 characters: ustar keeps it in its prefix field. */
const PREFIXED = `data/media/${'b'.repeat(60)}/${'c'.repeat(60)}.png`
const FILES: Record<string, string> = {
  'manifest.json': '{}',
  [LONG]: 'long',
  [PREFIXED]: 'prefixed',
  'data/media/Café menu (1).png': 'accents and spaces',
  'data/outbox/big.eml': 'line of a message\n'.repeat(20_000),
  'data/outbox/empty.eml': '',
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tar-entries-'))
  for (const [name, body] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'in', name)), { recursive: true })
    fs.writeFileSync(path.join(dir, 'in', name), body)
  }
  fs.symlinkSync('/etc/passwd', path.join(dir, 'in', 'data', 'media', 'link.png'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('reading a .tar.gz in Node, as a restore does', () => {
  it.each(['gnu', 'pax', 'ustar'])(
    'reads every name, kind, link and byte of an archive in tar’s %s format',
    async (format) => {
      const archive = path.join(dir, `${format}.tar.gz`)
      const names = format === 'ustar' ? Object.keys(FILES).filter((name) => name !== LONG) : Object.keys(FILES)
      await tar([`--format=${format}`, '-czf', archive, '-C', path.join(dir, 'in'), ...names, 'data/media/link.png'])
      const entries = await entriesOf(archive)
      for (const name of names) expect(entries).toContainEqual({ name, kind: 'file', linkName: '', body: FILES[name] })
      expect(entries).toContainEqual({ name: 'data/media/link.png', kind: 'symbolic link', linkName: '/etc/passwd' })
    },
  )

  it('says a file cut short, or that is not gzip, is damaged', async () => {
    const archive = path.join(dir, 'whole.tar.gz')
    await tar(['-czf', archive, '-C', path.join(dir, 'in'), 'data/outbox/big.eml'])
    const bytes = fs.readFileSync(archive)
    fs.writeFileSync(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)))
    fs.writeFileSync(path.join(dir, 'plain.tar.gz'), 'not an archive at all')
    for (const name of ['cut.tar.gz', 'plain.tar.gz'])
      await expect(readTarGz(path.join(dir, name), () => undefined)).rejects.toBeInstanceOf(DamagedArchiveError)
  })
})
