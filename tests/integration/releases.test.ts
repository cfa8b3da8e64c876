// What a rollback checks before it moves the instances back: whether the current release applied
// migrations the earlier one does not know; and a release made of the checkout's own build
// (deploy/lib/releases.mjs).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { STACK_PLACE } from '../../deploy/lib/config.mjs'
import { releaseName, releaseOfCheckoutBuild } from '../../deploy/lib/releaseMaking.mjs'
import { migrationNames, migrationsAhead } from '../../deploy/lib/releaseMigrations.mjs'
import { historySoFar, writeHistory } from '../../deploy/lib/releases.mjs'

const made: string[] = []

/** A release folder holding these PostgreSQL migrations (each a .ts and its .json, as Payload writes them). */
function releaseWith(...migrations: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-release-'))
  made.push(dir)
  const folder = path.join(dir, 'src', 'migrations', 'postgres')
  fs.mkdirSync(folder, { recursive: true })
  for (const name of migrations) {
    fs.writeFileSync(path.join(folder, `${name}.ts`), '')
    fs.writeFileSync(path.join(folder, `${name}.json`), '{}')
  }
  fs.writeFileSync(path.join(folder, 'index.ts'), '')
  return dir
}

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

describe('a rollback', () => {
  it('is safe when the current release brought no migration', () => {
    const earlier = releaseWith('20261122_042330_initial', '20261125_211206_chat')
    const current = releaseWith('20261122_042330_initial', '20261125_211206_chat')
    expect(migrationsAhead(current, earlier)).toEqual([])
  })

  it('names each migration the current release applied that the earlier one does not know', () => {
    const earlier = releaseWith('20261122_042330_initial')
    const current = releaseWith('20261122_042330_initial', '20261127_100000_trash', '20261126_090000_notes')
    expect(migrationsAhead(current, earlier)).toEqual(['20261126_090000_notes', '20261127_100000_trash'])
  })

  it('back to a checkout, compares with the migrations its build knew, not those a later pull brought', () => {
    const current = releaseWith('20261122_042330_initial', '20261127_100000_trash')
    const pulled = releaseWith('20261122_042330_initial', '20261127_100000_trash')
    expect(migrationsAhead(current, pulled)).toEqual([])
    expect(migrationsAhead(current, pulled, migrationNames(releaseWith('20261122_042330_initial')))).toEqual([
      '20261127_100000_trash',
    ])
  })

  it('is safe back to this checkout from a release made of it', () => {
    const checkout = path.resolve(__dirname, '../..')
    expect(migrationsAhead(checkout, checkout)).toEqual([])
  })
})

describe('a release name', () => {
  it('sorts by when it was made and names the commit', () => {
    const first = releaseName(new Date('2026-11-26T03:15:00Z'))
    const second = releaseName(new Date('2026-11-26T12:00:00Z'))
    expect(first).toMatch(/^20261126-031500(-[0-9a-f]{7,})?$/)
    expect([second, first].sort()).toEqual([first, second])
  })
})

describe('the releases named current in turn', () => {
  it('end at the release current names, also when a deploy stopped between its flip and the history', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'site-history-'))
    made.push(base)
    const [r1, r2, r3] = ['r1', 'r2', 'r3'].map((name) => {
      fs.mkdirSync(path.join(base, name))
      return path.join(base, name)
    })
    const current = path.join(base, 'current')
    expect(historySoFar(current)).toEqual([])
    fs.symlinkSync(r2, current)
    // A server deployed before the history was kept: the current release alone.
    expect(historySoFar(current)).toEqual([r2])
    writeHistory(current, [r1, r2])
    expect(historySoFar(current)).toEqual([r1, r2])
    fs.rmSync(current)
    fs.symlinkSync(r3, current)
    expect(historySoFar(current)).toEqual([r1, r2, r3])
  })
})

/** A git checkout with one file, an installed dependency and, when `built`, a build with its cache. */
function checkoutWith({ built }: { built: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-checkout-'))
  made.push(dir)
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  write('.gitignore', '.next\nnode_modules\n')
  write('package.json', '{}')
  write('node_modules/some-package/index.js', 'export {}')
  if (built) {
    write('.next/BUILD_ID', 'the-checkout-build')
    write('.next/server/app/index.html', '<p>built</p>')
    write('.next/cache/webpack/big.pack', 'cache')
    // Next links the packages its server leaves outside the bundle, relatively, under a hashed name.
    fs.mkdirSync(path.join(dir, '.next', 'node_modules'))
    fs.symlinkSync('../../node_modules/some-package', path.join(dir, '.next', 'node_modules', HASHED_LINK))
  }
  spawnSync('git', ['init', '-q'], { cwd: dir })
  return dir
}

/** How Next names its link to a package its server loads from the dependencies. */
const HASHED_LINK = 'some-package-20c6a5da84e2135f'

describe("a release of the checkout's own build (stack deploy --built)", () => {
  it('copies the checkout and its build, without the build cache, and keeps the build id', () => {
    const checkout = checkoutWith({ built: true })
    const releasesDir = path.join(checkout, 'releases-out')
    const dir = releaseOfCheckoutBuild('20261129-120000-abc', { ...STACK_PLACE, releasesDir }, checkout)
    expect(dir).toBe(path.join(releasesDir, '20261129-120000-abc'))
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe('{}')
    expect(fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8')).toBe('the-checkout-build')
    expect(fs.readFileSync(path.join(dir, '.next', 'server', 'app', 'index.html'), 'utf8')).toBe('<p>built</p>')
    expect(fs.existsSync(path.join(dir, '.next', 'cache'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'node_modules', 'some-package', 'index.js'))).toBe(true)
  })

  it("keeps the build's links into the dependencies as they are, so that they lead to the release's own", () => {
    const checkout = checkoutWith({ built: true })
    const releasesDir = path.join(checkout, 'releases-out')
    const dir = releaseOfCheckoutBuild('20261129-120000-abc', { ...STACK_PLACE, releasesDir }, checkout)
    const link = path.join(dir, '.next', 'node_modules', HASHED_LINK)
    expect(fs.readlinkSync(link)).toBe('../../node_modules/some-package')
    expect(fs.realpathSync(link)).toBe(fs.realpathSync(path.join(dir, 'node_modules', 'some-package')))
  })

  it('is refused when the checkout has no build, leaving no release behind', () => {
    const checkout = checkoutWith({ built: false })
    const releasesDir = path.join(checkout, 'releases-out')
    expect(() => releaseOfCheckoutBuild('20261129-120000-abc', { ...STACK_PLACE, releasesDir }, checkout)).toThrow(
      /has no build/,
    )
    expect(fs.existsSync(releasesDir)).toBe(false)
  })
})
