// What the operator of docs/servers.md types on a server in a container, and what they look at:
// the front through curl inside, the release made once on the build machine and copied over, and
// commands run from the current release with its own Node while visitors keep asking.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { madeRelease } from '../../../bench/lib/releaseMade.mjs'
import { type Container, until } from './container'
import { sayIfLong } from './longWaits'
import { type LoopRequest, requestLoop } from './visitors'

export const DOMAIN = 'site.test'
/** Where the operator copies release archives on the server. */
const UPLOADS = '/root/releases'
/** The release's own Node and folder, as docs/servers.md has the operator run every command after the first deploy. */
export const CURRENT = '/opt/site/current'
export const inRelease = (command: string, env = '') => `cd ${CURRENT} && ${env} node_modules/.bin/node ${command}`

const RELEASE_MS = 5 * 60_000
const CURL_SECONDS = 10

/** curl inside the container, to the front at `address` for the site's domain: "<http version> <status> <redirect>". */
const curlFront = (scheme: 'http' | 'https', address: string, urlPath: string) => {
  const port = scheme === 'https' ? 443 : 80
  return (
    `curl -sk --http2 --max-time ${CURL_SECONDS} -o /tmp/body -w '%{http_version} %{http_code} %{redirect_url}' ` +
    `--resolve ${DOMAIN}:${port}:${address} ${scheme}://${DOMAIN}${urlPath}`
  )
}

export async function front(container: Container, scheme: 'http' | 'https', address: string, urlPath = '/') {
  const [version, status, redirect] = (await container.run(curlFront(scheme, address, urlPath))).split(' ')
  return { version, status: Number(status), redirect }
}

export async function siteAnswers(container: Container, step: string, ms: number) {
  await until(step, ms, async () => ((await front(container, 'https', '127.0.0.1')).status === 200 ? true : undefined))
}

/** The doctor's lines as `{ check: status }` (src/operations/doctor/doctor.ts: `status  name  detail`). */
export function doctorStatuses(output: string): Record<string, string> {
  const lines = output.split('\n').filter((line) => /^(ok|warn|fail|off)\s/.test(line))
  return Object.fromEntries(lines.map((line) => [line.slice(6, 21).trim(), line.slice(0, 6).trim()]))
}

export const releaseNow = async (container: Container) => (await container.run(`readlink ${CURRENT}`)).trim()

/** The archives made on the build machine in this run, each copied to any server that asks for it. */
const madeHere = fs.mkdtempSync(path.join(os.tmpdir(), 'site-server-releases-'))

/**
 * `npm run release -- --built` on the build machine (this checkout, the build its tests used): a
 * new archive and its sha256; its path.
 */
export async function newRelease(): Promise<string> {
  const startedAt = Date.now()
  const archive = await madeRelease(madeHere, { built: true, timeoutMs: RELEASE_MS })
  sayIfLong(`release ${path.basename(archive)} made (on the host, beside the steps)`, startedAt)
  return archive
}

/**
 * `count` releases made one after the other (each is named after the second it starts), begun now
 * so that they are packed while the servers boot and install: each step awaits the one it deploys.
 */
export function releasesMadeInTurn(count: number): Promise<string>[] {
  const made: Promise<string>[] = []
  for (let i = 0; i < count; i += 1) made.push(i ? made[i - 1].then(() => newRelease()) : newRelease())
  // A failure is the step's that awaits it; until then it is no unhandled rejection.
  for (const release of made) release.catch(() => {})
  return made
}

/** Copies a release archive and its sha256 to the server, as the operator would; its path there. */
export function copiedToServer(container: Container, archive: string): string {
  const uploads = path.join(container.rootfs, UPLOADS)
  fs.mkdirSync(uploads, { recursive: true })
  for (const file of [archive, `${archive}.sha256`]) fs.copyFileSync(file, path.join(uploads, path.basename(file)))
  return path.posix.join(UPLOADS, path.basename(archive))
}

export const releaseName = (archive: string) => path.basename(archive, '.tar.gz')

/** Removes the archives made in this run. */
export const removeReleasesMade = () => fs.rmSync(madeHere, { recursive: true, force: true })

/** docs/servers.md, step 1, on a server with no checkout: the archive unpacked once anywhere, its own Node runs its deploy. */
export const firstDeploy = (archive: string) =>
  `rm -rf /tmp/r && mkdir /tmp/r && tar -xzf ${archive} -C /tmp/r && /tmp/r/node_modules/.bin/node /tmp/r/deploy/server/deploy.mjs --release ${archive}`

/**
 * Runs an operator's command in the current release while requests go on (visitors' pages, and the
 * `writes` given beside them), and checks that each of them was answered: how many writes were.
 */
export async function underRequests(
  container: Container,
  command: string,
  timeoutMs: number,
  writes?: LoopRequest,
): Promise<number> {
  const pageLoop = requestLoop(DOMAIN)
  const writeLoop = writes && requestLoop(DOMAIN, writes)
  let writesAnswered = 0
  try {
    await container.run(inRelease(command), { timeoutMs })
  } finally {
    const [pages, written] = await Promise.all([pageLoop.stop(), writeLoop?.stop()])
    writesAnswered = written?.ok ?? 0
    expect(pages.failed).toEqual([])
    expect(pages.ok).toBeGreaterThan(0)
    if (written) {
      expect(written.failed, 'the writes').toEqual([])
      expect(written.ok, 'the writes').toBeGreaterThan(0)
    }
  }
  return writesAnswered
}

/** A server's /etc/site/site.env, as the host sees it. */
const siteEnvOf = (container: Container) => path.join(container.rootfs, 'etc', 'site', 'site.env')

/** Takes the settings `names` out of a server's /etc/site/site.env, as the operator edits it. */
export function removeSettings(container: Container, names: string[]) {
  const file = siteEnvOf(container)
  const kept = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !names.some((name) => line.startsWith(`${name}=`)))
  fs.writeFileSync(file, kept.join('\n'))
}

/** Adds settings to a server's /etc/site/site.env, as the operator edits it. */
export function addSettings(container: Container, settings: Record<string, string>) {
  fs.appendFileSync(
    siteEnvOf(container),
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  )
}
