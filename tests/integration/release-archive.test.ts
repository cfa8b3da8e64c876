// A release made once by `npm run release` and deployed on a server from its archive: the plan
// (deploy/server/plan.mjs) unpacks it and builds nothing, and carried out (deploy/server/runPlan.mjs)
// on a layout in a temporary folder it unpacks a small release packed here by the same code
// (deploy/lib/releaseArchive.mjs, releaseUnpack.mjs) and flips `current` to it. A tampered archive is refused, saying
// why, with nothing left behind. The commands (systemctl, chown, runuser) are recorded, not run.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checksumFileOf,
  LEFT_OUT,
  packRelease,
  RELEASE_FORMAT,
  RELEASE_MANIFEST,
  releaseManifest,
  thisPlatform,
} from '../../deploy/lib/releaseArchive.mjs'
import { readReleaseManifest } from '../../deploy/lib/releaseArchiveCheck.mjs'
import { unpackRelease } from '../../deploy/lib/releaseUnpack.mjs'
import { BUILD_NICENESS } from '../../deploy/lib/config.mjs'
import { lowPriorityOutcome } from '../../deploy/lib/lowPriority.mjs'
import { historySoFar } from '../../deploy/lib/releases.mjs'
import { SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import { deployPlan } from '../../deploy/server/plan.mjs'
import { runDeploy } from '../../deploy/server/runPlan.mjs'
import { layoutIn, type Layout, type RunStep } from '../support/serverDeploy'

const NAME = '20261129-100000-abc1234'
const PORTS = [3001, 3002]

describe('a deploy of a release archive on a server (the plan)', () => {
  const archive = `/root/${NAME}.tar.gz`
  const plan = deployPlan({
    layout: SERVER_LAYOUT,
    release: { archive, manifest: { name: NAME } },
    ports: PORTS,
    history: ['/opt/site/releases/20261128-090000-0aa0aa0'],
  })
  const release = `/opt/site/releases/${NAME}`

  it('unpacks the archive into the release folder its manifest names, and builds nothing', () => {
    expect(plan[0]).toEqual({ kind: 'unpack', archive, to: release })
    expect(plan.some((step) => step.kind === 'copy')).toBe(false)
    const commands = plan.filter((step): step is RunStep => step.kind === 'run').map((step) => step.args.join(' '))
    expect(commands.filter((args) => args.includes('build'))).toEqual([])
  })

  it('then backs up, migrates and flips current to the unpacked release, as a deploy of the checkout does', () => {
    const checkoutPlan = deployPlan({
      layout: SERVER_LAYOUT,
      name: NAME,
      checkout: '/srv/checkout',
      node: '/usr/bin/node',
      ports: PORTS,
      history: ['/opt/site/releases/20261128-090000-0aa0aa0'],
    })
    const afterMaking = checkoutPlan.slice(
      checkoutPlan.findIndex((step) => step.kind === 'run' && step.command === 'mkdir'),
    )
    expect(plan.slice(1)).toEqual(afterMaking)
    expect(plan.find((step) => step.kind === 'flip')).toMatchObject({ to: release })
  })
})

// ---- carried out -------------------------------------------------------------------------------

let work: string
let layout: Layout
/** The release folder the archives are packed from, and where they are written. */
let made: string
let out: string
let events: string[]

const recordCommand = (step: RunStep) => {
  if (step.command === 'mkdir') expect(spawnSync(step.command, step.args).status).toBe(0)
  events.push(step.command)
}

function writeFile(dir: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

/** A built release as `npm run release` leaves it before packing, small: its manifest, build files, a dependency with its link in .bin. */
function makeReleaseFolder(dir: string, name: string) {
  fs.rmSync(dir, { recursive: true, force: true })
  const manifest = { format: RELEASE_FORMAT, name, commit: 'abc1234', platform: thisPlatform(), migrations: [] }
  writeFile(dir, RELEASE_MANIFEST, `${JSON.stringify(manifest)}\n`)
  writeFile(dir, 'package.json', '{}\n')
  writeFile(dir, '.next/BUILD_ID', name)
  writeFile(dir, '.next/static/chunks/app-one.js', 'console.log("one")\n'.repeat(50))
  writeFile(dir, 'node_modules/some-package/bin.js', 'module.exports = 1\n')
  fs.mkdirSync(path.join(dir, 'node_modules', '.bin'))
  fs.symlinkSync('../some-package/bin.js', path.join(dir, 'node_modules', '.bin', 'some-tool'))
  for (const left of LEFT_OUT) writeFile(dir, `${left}/left-out.txt`, 'not shipped\n')
}

/** What deploy/server/deploy.mjs --release does, before the install (no instances), with the commands recorded. */
async function deployArchive(archive: string, name?: string) {
  events = []
  const manifest = name ? { name } : await readReleaseManifest(archive)
  const previous = fs.existsSync(layout.current) ? fs.realpathSync(layout.current) : null
  const history = historySoFar(layout.current)
  const steps = deployPlan({ layout, release: { archive, manifest }, ports: [], history })
  await runDeploy(steps, { layout, ports: [], previous, history, exec: recordCommand })
}

const releaseDir = (name: string) => path.join(layout.releasesDir, name)
const currentName = () => path.basename(fs.realpathSync(layout.current))
/** What the releases folder holds, hidden entries too (an unpacking left behind would show). */
const releasesFolder = () => fs.readdirSync(layout.releasesDir).sort()

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-release-archive-'))
  layout = layoutIn(work)
  fs.mkdirSync(layout.releasesDir, { recursive: true })
  made = path.join(work, 'made')
  out = path.join(work, 'out')
  makeReleaseFolder(made, NAME)
  await packRelease(made, out)
})

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('a release archive, packed', () => {
  it('is <name>.tar.gz with its sha256 beside it, in the form sha256sum checks', () => {
    expect(fs.readdirSync(out).sort()).toEqual([`${NAME}.tar.gz`, `${NAME}.tar.gz.sha256`])
    const check = spawnSync('sha256sum', ['--check', `${NAME}.tar.gz.sha256`], { cwd: out, encoding: 'utf8' })
    expect(check.stdout.trim()).toBe(`${NAME}.tar.gz: OK`)
  })

  it('holds its manifest first, and leaves out the build cache, the tests and the scratch folder', () => {
    const entries = spawnSync('tar', ['--list', '--gzip', '--file', path.join(out, `${NAME}.tar.gz`)], {
      encoding: 'utf8',
    }).stdout.split('\n')
    expect(entries[0]).toBe(RELEASE_MANIFEST)
    expect(entries.filter((entry) => entry.includes('left-out.txt'))).toEqual([])
  })
})

describe("a release's manifest", () => {
  const ofCommit = { name: NAME, commit: 'abc1234', uncommitted: false }
  /** A release folder holding the build `buildId`, and a PostgreSQL migration. */
  function releaseWithBuild(buildId: string) {
    const dir = path.join(work, `manifest-${buildId}`)
    makeReleaseFolder(dir, NAME)
    writeFile(dir, '.next/BUILD_ID', buildId)
    writeFile(dir, 'src/migrations/postgres/20261129_100000_first.ts', 'export {}\n')
    return dir
  }

  it("names the build's id: the release's own when it was built as the release, the build's when it ships one made before", () => {
    expect(releaseManifest(releaseWithBuild(NAME), ofCommit)).toMatchObject({ name: NAME, buildId: NAME })
    expect(releaseManifest(releaseWithBuild('tested-build'), { ...ofCommit, buildId: 'tested-build' })).toMatchObject({
      name: NAME,
      buildId: 'tested-build',
    })
  })

  it('is refused when the build in the release is not the one it was made from', () => {
    expect(() => releaseManifest(releaseWithBuild(NAME), { ...ofCommit, buildId: 'another' })).toThrow(
      `the build's id is ${NAME}, not another`,
    )
    expect(() => releaseManifest(releaseWithBuild('tested-build'), ofCommit)).toThrow(
      `the build's id is tested-build, not the release's name ${NAME}`,
    )
  })
})

describe('a deploy of a release archive, carried out', () => {
  it('unpacks the release into the folder its manifest names, links and all, builds nothing, and flips current to it', async () => {
    await deployArchive(path.join(out, `${NAME}.tar.gz`))
    expect(currentName()).toBe(NAME)
    expect(fs.readFileSync(path.join(releaseDir(NAME), '.next', 'BUILD_ID'), 'utf8')).toBe(NAME)
    expect(fs.readlinkSync(path.join(releaseDir(NAME), 'node_modules', '.bin', 'some-tool'))).toBe(
      '../some-package/bin.js',
    )
    expect(fs.existsSync(path.join(layout.staticDir, 'chunks', 'app-one.js'))).toBe(true)
    // Made by the plan's mkdir, not shipped: the archive left them out.
    expect(fs.readdirSync(path.join(releaseDir(NAME), '.next', 'cache'))).toEqual([])
    expect(fs.existsSync(path.join(releaseDir(NAME), 'tests'))).toBe(false)
    expect(events).toEqual(['mkdir'])
    expect(releasesFolder()).toEqual([NAME])
  })

  it('unpacks and compresses at the lowest priority, so that the instances serving meanwhile keep the processors', async () => {
    const name = '20261129-103000-fed4321'
    makeReleaseFolder(made, name)
    const archive = await packRelease(made, out)
    const unpacked = await lowPriorityOutcome('unpackRelease', archive, releaseDir(name))
    expect(unpacked).toMatchObject({ value: { name }, priority: BUILD_NICENESS })
    const compressed = await lowPriorityOutcome('precompressStatic', path.join(releaseDir(name), '.next', 'static'))
    expect(compressed.priority).toBe(BUILD_NICENESS)
    expect(fs.existsSync(path.join(releaseDir(name), '.next', 'static', 'chunks', 'app-one.js.br'))).toBe(true)
    // A job's failure reaches the deploy with its own words.
    await expect(lowPriorityOutcome('unpackRelease', archive, releaseDir(name))).rejects.toThrow(
      `release ${name} exists already in ${layout.releasesDir}`,
    )
    fs.rmSync(releaseDir(name), { recursive: true })
  })

  /** A deploy of `archive` refused with `message`: current as it was, the releases folder as it was. */
  async function expectRefused(archive: string, message: string | RegExp, name?: string) {
    const before = { current: currentName(), releases: releasesFolder() }
    await expect(deployArchive(archive, name)).rejects.toThrow(message)
    expect({ current: currentName(), releases: releasesFolder() }).toEqual(before)
  }

  it('refuses an archive that does not match the sha256 beside it, leaving nothing behind', async () => {
    const name = '20261129-110000-def5678'
    makeReleaseFolder(made, name)
    const archive = await packRelease(made, out)
    // The same release changed after it was made: its old sha256 no longer matches.
    const checksum = fs.readFileSync(checksumFileOf(archive))
    writeFile(made, '.next/static/chunks/app-one.js', 'console.log("changed")\n')
    await packRelease(made, out)
    fs.writeFileSync(checksumFileOf(archive), checksum)
    await expectRefused(archive, `${archive} does not match ${name}.tar.gz.sha256`)
  })

  it('refuses an archive with an entry leading out of the release folder, writing nothing there', async () => {
    const name = '20261129-120000-0bad0bad'
    makeReleaseFolder(made, name)
    writeFile(work, 'escape.txt', 'outside\n')
    const archive = path.join(out, `${name}.tar.gz`)
    // --absolute-names keeps the `../` tar would otherwise strip.
    const tar = spawnSync('tar', [
      ...['--create', '--gzip', '--absolute-names', '--file', archive, '--directory', made],
      ...[RELEASE_MANIFEST, 'package.json', '../escape.txt'],
    ])
    expect(tar.status).toBe(0)
    fs.writeFileSync(checksumFileOf(archive), spawnSync('sha256sum', [archive], { encoding: 'utf8' }).stdout)
    await expectRefused(archive, `${archive} is refused: ../escape.txt has a path leading out of the folder`)
    expect(fs.existsSync(path.join(layout.releasesDir, '..', 'escape.txt'))).toBe(false)
  })

  it('refuses an archive with a symbolic link leading out of the release', async () => {
    const name = '20261129-130000-0bad0bad'
    makeReleaseFolder(made, name)
    fs.symlinkSync('/etc', path.join(made, 'node_modules', 'etc'))
    const archive = await packRelease(made, out)
    await expectRefused(archive, `./node_modules/etc is a symbolic link leading out of the release (to /etc)`)
  })

  it('refuses an archive with an entry through a symbolic link it unpacked before', async () => {
    const name = '20261129-133000-0bad0bad'
    makeReleaseFolder(made, name)
    fs.symlinkSync('node_modules', path.join(made, 'lib'))
    const archive = path.join(out, `${name}.tar.gz`)
    const tar = spawnSync('tar', [
      ...['--create', '--gzip', '--file', archive, '--directory', made],
      ...[RELEASE_MANIFEST, 'lib', 'lib/some-package/bin.js'],
    ])
    expect(tar.status).toBe(0)
    fs.writeFileSync(checksumFileOf(archive), spawnSync('sha256sum', [archive], { encoding: 'utf8' }).stdout)
    await expectRefused(archive, `${archive} is refused: lib/some-package/bin.js lies through a symbolic link`)
  })

  it('refuses an archive whose manifest names another release than its file name or the plan', async () => {
    const name = '20261129-140000-1234abc'
    makeReleaseFolder(made, name)
    const archive = await packRelease(made, out)
    const renamed = path.join(out, '20261129-140000-renamed.tar.gz')
    fs.renameSync(archive, renamed)
    fs.renameSync(checksumFileOf(archive), checksumFileOf(renamed))
    await expectRefused(renamed, `${renamed} holds release ${name}, whose archive is named ${name}.tar.gz`)
    await expectRefused(renamed, `${renamed} holds release ${name}, not other-name`, 'other-name')
  })

  it('refuses a file that is not a release archive, saying so', async () => {
    const archive = path.join(out, 'not-a-release.tar.gz')
    fs.writeFileSync(archive, 'plain text\n')
    await expect(readReleaseManifest(archive)).rejects.toThrow(`${archive} is damaged or incomplete`)
    await expect(unpackRelease(archive, releaseDir('not-a-release'))).rejects.toThrow(
      `${archive} has no not-a-release.tar.gz.sha256 beside it`,
    )
    expect(releasesFolder()).toEqual([NAME])
  })
})
