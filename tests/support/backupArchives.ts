// What the backup and restore suites share: the commands run as `npm run` runs them, the files of
// a site and of an archive compared by hash, and age keys. No Payload here: suites that only pack
// and unpack archives start without loading it.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateIdentity, identityToRecipient } from 'age-encryption'
import { afterAll } from 'vitest'
import { archiveDate } from '../../scripts/lib/backup.mjs'

/** The checkout, where `node scripts/…` runs. */
export const ROOT = path.resolve(__dirname, '../..')
export const COMMAND_TIMEOUT_MS = 60_000

/**
 * A folder for every folder a suite makes (archives, other sites), removed once the suite's tests
 * are done; made only by the tests that run.
 */
export function suiteTempRoot(suite: string) {
  const root = path.join(os.tmpdir(), `${suite}-${process.pid}`)
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
  return root
}

/** Runs `node scripts/<script>` as `npm run` would, failing with its output when it fails or takes too long. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join('scripts', script), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: COMMAND_TIMEOUT_MS },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${script} failed: ${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
    )
  })
}

export const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

/** Every file below `dir` (but the SQLite database, which is compared by its rows) with its hash. */
export function fileHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {}
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('site.db')) continue
    const full = path.join(entry.parentPath, entry.name)
    hashes[path.relative(dir, full)] = sha256(full)
  }
  return hashes
}

export const newestArchive = (dir: string) =>
  path.join(
    dir,
    fs
      .readdirSync(dir)
      .filter((name) => archiveDate(name))
      .sort()
      .at(-1)!,
  )

export const tar = (args: string[]) =>
  new Promise<void>((resolve, reject) => execFile('tar', args, (error) => (error ? reject(error) : resolve())))

/** A new age key pair: the private key in a file of `dir` (0600), and the public key. */
export async function ageKeyIn(dir: string, name: string) {
  const identity = await generateIdentity()
  const identityFile = path.join(dir, name)
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(identityFile, `# a test key\n${identity}\n`, { mode: 0o600 })
  return { identity, identityFile, recipient: await identityToRecipient(identity) }
}
