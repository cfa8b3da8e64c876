// Set-up shared by `npm start` and `npm test`. Uses only Node's own modules: it runs before
// the project's dependencies are installed.
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const INSTALL_STAMP = path.join(ROOT, 'node_modules', '.install-stamp')
const BUILD_STAMP = path.join(ROOT, '.next', '.build-stamp')

/**
 * Runs a command to its end, from the checkout, its output shown; throws when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
  if (result.error) throw result.error
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
  }
}

/**
 * Installs from Debian's packages whatever `required` names and this machine lacks. Each entry is
 * `[a file the package installs, the package]`; a package is installed only when its file is missing.
 * @param {[file: string, pkg: string][]} required
 */
export function ensureDebianPackages(required) {
  const missing = [...new Set(required.filter(([file]) => !fs.existsSync(file)).map(([, pkg]) => pkg))]
  if (!missing.length) return
  console.log(`> Installing ${missing.join(', ')} from Debian's packages…`)
  const aptEnv = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
  /** @param {string[]} args */
  const apt = (...args) =>
    process.getuid?.() === 0 ? run('apt-get', args, aptEnv) : run('sudo', ['apt-get', ...args], aptEnv)
  apt('update')
  apt('install', '-y', '--no-install-recommends', ...missing)
}

/** @param {(string | Buffer)[]} parts */
const sha256 = (...parts) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

/** The Node version the project runs on: the `node` package pinned in package.json. */
export const PINNED_NODE_VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies
  .node
/** Where the pinned Node is brought alone on a machine whose Node is another, to run the install. */
const INSTALL_RUNTIME_DIR = path.join(ROOT, '.tmp', 'node-runtime')

/** @param {string} binary */
const nodeVersionOf = (binary) =>
  fs.existsSync(binary) ? spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim().slice(1) : undefined

/** npm's own script, to run npm under a Node other than the one on PATH. */
function npmCli() {
  if (process.env.npm_execpath?.endsWith('.js')) return process.env.npm_execpath
  const onPath = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim()
  return fs.realpathSync(onPath)
}

/**
 * A Node of the pinned version to run the install with, so that npm checks every package's
 * `engines` against the Node the project runs on (none is EBADENGINE): this one, the project's
 * own once installed, or the `node` package fetched alone from the npm registry beforehand.
 */
function installRuntime() {
  if (process.versions.node === PINNED_NODE_VERSION) return process.execPath
  if (nodeVersionOf(PROJECT_NODE) === PINNED_NODE_VERSION) return fs.realpathSync(PROJECT_NODE)
  const runtime = path.join(INSTALL_RUNTIME_DIR, 'node_modules', '.bin', 'node')
  if (nodeVersionOf(runtime) !== PINNED_NODE_VERSION) {
    console.log(`> Fetching Node ${PINNED_NODE_VERSION} from the npm registry (this machine has ${process.version})…`)
    fs.mkdirSync(INSTALL_RUNTIME_DIR, { recursive: true })
    run('npm', [
      'install',
      '--prefix',
      INSTALL_RUNTIME_DIR,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node@${PINNED_NODE_VERSION}`,
    ])
  }
  return fs.realpathSync(runtime)
}

/**
 * Set by a server's migrations (deploy/server/layout.mjs): a release's dependencies are the
 * checkout's, installed by the operator's `npm ci` (which writes no install stamp), and the site's
 * user could not install any into the release, which is root's.
 */
export const DEPENDENCIES_INSTALLED_ENV = 'SITE_DEPENDENCIES_INSTALLED'

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureInstalled() {
  if (process.env[DEPENDENCIES_INSTALLED_ENV] === '1') return
  const lock = path.join(ROOT, 'package-lock.json')
  const wanted = sha256(fs.readFileSync(lock), fs.readFileSync(path.join(ROOT, 'package.json')))
  const have = fs.existsSync(INSTALL_STAMP) ? fs.readFileSync(INSTALL_STAMP, 'utf8') : ''
  if (have === wanted) return
  const node = installRuntime()
  console.log(`> Installing dependencies (on Node ${PINNED_NODE_VERSION})…`)
  // `npm install` with the committed lock installs exactly the locked versions; `npm ci` would
  // refuse this lock, whose other-platform optional packages npm leaves out here. Install scripts
  // find the same Node by name.
  const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` }
  run(node, [npmCli(), 'install', '--no-audit', '--no-fund'], { env })
  fs.writeFileSync(INSTALL_STAMP, wanted)
}

/**
 * The Node the project runs on: the `node` package pinned in package.json (a supported LTS, from
 * the npm registry), whatever Node the machine has. Playwright and tsx load TypeScript through
 * module hooks; on Node 20 those run on a loader thread that now and then deadlocks with the main
 * thread (a test run that waits forever), while from Node 22.15 they run in the thread itself.
 */
export const PROJECT_NODE = path.join(ROOT, 'node_modules', '.bin', 'node')

/**
 * Runs this script again on the project's Node when it was started on another one (a fresh clone
 * starts on the machine's), and exits with its status. Call it once the dependencies are installed.
 */
export function continueOnProjectNode() {
  if (!fs.existsSync(PROJECT_NODE)) return
  const projectNode = fs.realpathSync(PROJECT_NODE)
  if (fs.realpathSync(process.execPath) === projectNode) return
  // Its children find the same Node by name (`npx` and scripts start `node` from PATH).
  const env = { ...process.env, PATH: `${path.dirname(PROJECT_NODE)}${path.delimiter}${process.env.PATH ?? ''}` }
  const result = spawnSync(projectNode, process.argv.slice(1), { stdio: 'inherit', env })
  if (result.error) throw result.error
  process.exit(result.status ?? 1)
}

/**
 * Writes .env with generated secrets when it is missing, and adds any secret it lacks.
 * @param {number | string} port
 */
export function ensureEnvFile(port) {
  const file = path.join(ROOT, '.env')
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  /** @param {string} name */
  const has = (name) => new RegExp(`^${name}=.+`, 'm').test(existing)
  const additions = []
  if (!has('PAYLOAD_SECRET')) additions.push(`PAYLOAD_SECRET=${randomBytes(32).toString('hex')}`)
  if (!has('SERVER_URL')) additions.push(`SERVER_URL=http://localhost:${port}`)
  if (!additions.length) return
  const header = existing ? '' : '# Written by `npm start`. Keep it secret; see .env.example for every setting.\n'
  fs.writeFileSync(
    file,
    `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}${header}${additions.join('\n')}\n`,
    {
      mode: 0o600,
    },
  )
  console.log(`> ${existing ? 'Added to' : 'Wrote'} .env: ${additions.map((line) => line.split('=')[0]).join(', ')}`)
}

/** Loads .env (or another settings file) into process.env without overriding what the environment already says. */
export function loadEnvFile(file = path.join(ROOT, '.env')) {
  if (!fs.existsSync(file)) return
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line)
    if (!match || match[1] in process.env) continue
    process.env[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2')
  }
}

/**
 * Every file below `dir`, depth first.
 * @param {string} dir
 * @returns {Generator<string>}
 */
export function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else yield full
  }
}

/** A fingerprint of everything the production build is made from. */
function sourceFingerprint() {
  const inputs = [
    'package-lock.json',
    'next.config.ts',
    'tsconfig.json',
    'scripts/after-build.mjs',
    'scripts/lib/adminStylesheets.mjs',
    'scripts/lib/compileHints.mjs',
  ].map((name) => path.join(ROOT, name))
  const files = [...inputs, ...filesUnder(path.join(ROOT, 'src'))].sort()
  return sha256(...files.flatMap((file) => [file, fs.readFileSync(file)]))
}

/**
 * What `next build` runs with: production, and Next's usage reports off (as in the production
 * stack, deploy/lib/releases.mjs) unless the environment sets NEXT_TELEMETRY_DISABLED itself (Next
 * takes any value but an empty one for off, so an empty one turns them on).
 * @param {Record<string, string | undefined>} env
 * @returns {NodeJS.ProcessEnv}
 */
export const buildEnvironment = (env) => ({ NEXT_TELEMETRY_DISABLED: '1', ...env, NODE_ENV: 'production' })

/** The fingerprint a new build would be stamped with, or null when the last build was made from the same sources. */
function buildWanted() {
  const wanted = sourceFingerprint()
  const have = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8') : ''
  return have === wanted ? null : wanted
}

/** Runs `next build` unless the last build was made from the same sources. */
export function ensureBuilt(env = process.env) {
  const wanted = buildWanted()
  if (!wanted) return
  console.log('> Building the site (next build)…')
  run('npx', ['next', 'build'], { env: buildEnvironment(env) })
  run(process.execPath, ['scripts/after-build.mjs'], { env })
  fs.writeFileSync(BUILD_STAMP, wanted)
}

/**
 * Runs a command without holding up this process; rejects when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<void>}
 */
function runBeside(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    )
  })
}

/** ensureBuilt, while this process goes on with other work (`npm test` runs a suite beside the build). */
export async function ensureBuiltBeside(env = process.env) {
  const wanted = buildWanted()
  if (!wanted) return
  console.log('> Building the site (next build)…')
  await runBeside('npx', ['next', 'build'], { env: buildEnvironment(env) })
  await runBeside(process.execPath, ['scripts/after-build.mjs'], { env })
  fs.writeFileSync(BUILD_STAMP, wanted)
}

/** What scripts/setup.ts prints last, once the database is migrated and seeded. */
export const SETUP_DONE_LINE = 'Database ready.'
const SETUP_ATTEMPTS = 3

/** Longest a set-up run may take before it counts as stalled and runs again. */
const SETUP_TIMEOUT_MS = 5 * 60_000

/**
 * Migrates the database, creates the first admin and seeds content when empty. The script runs
 * as a bundle under plain Node (scripts/lib/runTs.mjs says why); success is judged by the line
 * it prints at the end, and as its steps are idempotent a run that stalls is simply run again.
 */
export async function setUpDatabase(env = process.env) {
  // Loaded here: it needs esbuild, which is there only once the dependencies are installed.
  const { runTs } = await import('./runTs.mjs')
  for (let attempt = 1; attempt <= SETUP_ATTEMPTS; attempt++) {
    const result = await runTs(ROOT, 'scripts/setup.ts', [], {
      // The script's output is a pipe to this process; only a terminal here may be shown the first admin's password.
      env: { ...env, FIRST_ADMIN_TO_TERMINAL: process.stdout.isTTY ? '1' : '' },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      timeout: SETUP_TIMEOUT_MS,
    })
    if (result.error && /** @type {NodeJS.ErrnoException} */ (result.error).code !== 'ETIMEDOUT') throw result.error
    process.stdout.write(result.stdout ?? '')
    if ((result.stdout ?? '').includes(SETUP_DONE_LINE)) return
    if (result.status !== 0 && result.status !== 13 && !result.signal)
      throw new Error(`scripts/setup.ts exited with ${result.status}`)
    console.log(`> The database set-up ended before it finished (attempt ${attempt}); running it again…`)
  }
  throw new Error('the database set-up did not finish')
}
