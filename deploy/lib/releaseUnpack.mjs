// Unpacking a release archive (see releaseArchive.mjs) into the releases folder, checked as it is
// read (releaseArchiveCheck.mjs): a deploy builds nothing.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { ReleaseArchiveError } from './releaseArchive.mjs'
import { checkedRelease } from './releaseArchiveCheck.mjs'

/** @typedef {import('./releaseArchive.mjs').ReleaseManifest} ReleaseManifest */

/**
 * `tar` unpacking what it reads on its input into `dir`, its files root's (or the user's), not the archive's owners'.
 * @param {string} dir
 */
function startTar(dir) {
  const tar = spawn('tar', ['--extract', '--gzip', '--no-same-owner', '--directory', dir, '--file', '-'], {
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  let errors = ''
  tar.stderr.on('data', (chunk) => (errors += chunk))
  // Its input closed early (it failed): its status says why.
  tar.stdin.on('error', () => {})
  const exited = once(tar, 'close').then(([status, signal]) => ({ status, signal, errors: errors.trim() }))
  return { tar, exited }
}

/**
 * Unpacks the release archive `archive` into the new folder `to` (its name the release's), checked
 * as it is read (see checkedRelease): into a hidden folder beside `to` meanwhile, renamed `to` once
 * every check passed, so that a refused archive leaves nothing behind. Returns the manifest.
 * @param {string} archive
 * @param {string} to
 * @returns {Promise<ReleaseManifest>}
 */
export async function unpackRelease(archive, to) {
  if (!fs.existsSync(archive)) throw new ReleaseArchiveError(`there is no release archive at ${archive}`)
  const name = path.basename(to)
  if (fs.existsSync(to)) throw new ReleaseArchiveError(`release ${name} exists already in ${path.dirname(to)}`)
  const unpacking = path.join(path.dirname(to), `.${name}.unpacking`)
  fs.rmSync(unpacking, { recursive: true, force: true })
  fs.mkdirSync(unpacking, { recursive: true })
  const { tar, exited } = startTar(unpacking)
  try {
    const manifest = await checkedRelease(archive, {
      name,
      tap: async (chunk) => {
        if (!tar.stdin.write(chunk)) await Promise.race([once(tar.stdin, 'drain'), exited])
      },
    })
    tar.stdin.end()
    const { status, signal, errors } = await exited
    if (status !== 0) throw new ReleaseArchiveError(`tar could not unpack ${archive} (${errors || status || signal})`)
    fs.renameSync(unpacking, to)
    return manifest
  } catch (error) {
    tar.kill()
    await exited
    fs.rmSync(unpacking, { recursive: true, force: true })
    throw error
  }
}
