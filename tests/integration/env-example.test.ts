// .env.example is the operator's list of settings: every variable the site, its scripts and the
// stack read from the environment is named there, with what it does.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildEnvironment, filesUnder } from '../../scripts/lib/bootstrap.mjs'

const ROOT = path.resolve(__dirname, '../..')
const SOURCE_FOLDERS = ['src', 'scripts', 'deploy']
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/
const TEST_FILE = /\.test\.tsx?$/

/** Read from the environment, but set by Node, Next, the test runners or the site itself, not by an operator. */
const NOT_SETTINGS = new Set([
  'NODE_ENV',
  'NEXT_PHASE',
  'NEXT_RUNTIME',
  'PATH',
  'CI',
  'CHROME_PATH',
  'E2E_CHROME_PATH',
  'E2E_PORT',
  'E2E_ADMIN_FILE',
  'NPM_TEST_STARTED_AT',
  'FIRST_ADMIN_TO_TERMINAL',
  'SITE_SCRIPT_MARK',
  'PAYLOAD_DISABLE_DEPENDENCY_CHECKER',
])

/** `process.env.NAME`, `process.env['NAME']`, or a table entry `env: 'NAME'` read through process.env later. */
const ENV_READ = /process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]|\benv: '([A-Z][A-Z0-9_]*)'/g
/** The production stack's own settings (deploy/), read from the shell that runs it and listed in its page of docs/. */
const STACK_VARIABLE = /^STACK_/
/** The page that names every setting of the production stack. */
const STACK_DOCS = 'docs/production-stack.md'

function variablesRead(): Set<string> {
  const names = new Set<string>()
  for (const folder of SOURCE_FOLDERS) {
    for (const file of filesUnder(path.join(ROOT, folder))) {
      if (!SOURCE_FILE.test(file) || TEST_FILE.test(file)) continue
      for (const match of fs.readFileSync(file, 'utf8').matchAll(ENV_READ)) names.add(match[1] ?? match[2] ?? match[3])
    }
  }
  return names
}

function variablesListed(): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')
  return new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]))
}

describe('.env.example', () => {
  it('names every variable the code reads from the environment', () => {
    const listed = variablesListed()
    const missing = [...variablesRead()]
      .filter((name) => !NOT_SETTINGS.has(name) && !STACK_VARIABLE.test(name) && !listed.has(name))
      .sort()
    expect(missing).toEqual([])
  })

  it("leaves the stack's variables to docs/production-stack.md, which names each one", () => {
    const stackDocs = fs.readFileSync(path.join(ROOT, STACK_DOCS), 'utf8')
    const stackVariables = [...variablesRead()].filter((name) => STACK_VARIABLE.test(name))
    expect(stackVariables.length).toBeGreaterThan(0)
    expect(stackVariables.filter((name) => !stackDocs.includes(`\`${name}\``)).sort()).toEqual([])
  })

  it('names no variable the code has stopped reading', () => {
    const read = variablesRead()
    const stale = [...variablesListed()].filter((name) => !read.has(name)).sort()
    expect(stale).toEqual([])
  })
})

describe('the build npm start runs', () => {
  it('keeps Next’s usage reports off unless the environment sets them itself, and builds for production', () => {
    expect(buildEnvironment({ NODE_ENV: 'development' })).toMatchObject({
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    })
    // An empty value is how an operator turns them on (Next reads any other value as off).
    expect(buildEnvironment({ NEXT_TELEMETRY_DISABLED: '' }).NEXT_TELEMETRY_DISABLED).toBe('')
  })
})
