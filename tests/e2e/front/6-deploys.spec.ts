// Deploys and rollbacks of the stack under a visitor's page requests and open chats: every instance
// moved one at a time, no failed page, no lost chat message. After the suites that only ask, before
// the faults (tests/e2e/front/ runs in the order of its file names).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { visitPage } from '../../../bench/lib/pageVisits.mjs'
import { stackEnv } from '../../../bench/lib/stack.mjs'
import { holdChats, type ChatReport } from '../../../bench/lib/chatDuringDeploy.mjs'
import { appProcesses, FRONT, PORTS, STACK_DIR, test } from '../support/productionStack'

/** The folder each instance runs from: the release it serves. */
const releaseDirsOf = (apps: ReturnType<typeof appProcesses>) =>
  apps.map(({ instance }) => (instance ? fs.realpathSync(`/proc/${instance}/cwd`) : 'no instance running'))

/**
 * What a deploy of the checkout's build (`--built`: the build `npm test` made, copied, not built
 * again) and the roll over the instances after it may take on a busy machine.
 */
const DEPLOY_TIMEOUT_MS = 3 * 60_000
/** A page asked for during a deploy that takes longer than this has failed. */
const PAGE_TIMEOUT_MS = 10_000
/**
 * Left of a deploy test's time when its deploy is given up: room to end the child and report, so
 * that a deploy that never ends fails with its own output rather than the test's timeout.
 */
const DEPLOY_GIVE_UP_MARGIN_MS = 30_000

/** Chats held open through a deploy: each a visitor and the agent, each side sending every CHAT_INTERVAL_MS. */
const CHATS_THROUGH_DEPLOY = 2
const CHAT_INTERVAL_MS = 1_000

/**
 * Runs `deploy/stack.mjs <command>` while a visitor asks the front for pages back to back and
 * chats go on; returns every answer that was not a 200 (status or error), how many were asked,
 * and what became of the chats' messages and streams.
 */
async function pagesThrough(command: 'deploy' | 'rollback') {
  const chats = await holdChats({
    origin: FRONT,
    agentFile: path.join(STACK_DIR, 'admin.json'),
    conversations: CHATS_THROUGH_DEPLOY,
    intervalMs: CHAT_INTERVAL_MS,
  })
  // What is checked here is the roll over the instances, not a build: the deploy takes the build
  // the run made (a release's build is Next's own, the same as this one).
  const args = command === 'deploy' ? ['deploy', '--built'] : [command]
  const child = spawn(process.execPath, ['deploy/stack.mjs', ...args], {
    env: { ...process.env, ...stackEnv(STACK_DIR, PORTS) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that giving up ends whatever it started too.
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  )
  let running = true
  void exited.then(() => (running = false))
  const failures: string[] = []
  let asked = 0
  const giveUpAt = Date.now() + DEPLOY_TIMEOUT_MS - DEPLOY_GIVE_UP_MARGIN_MS
  while (running && Date.now() < giveUpAt) {
    for (const page of ['/', '/pricing', '/faq']) {
      asked++
      try {
        const { status } = await visitPage(`${FRONT}${page}`, PAGE_TIMEOUT_MS)
        if (status !== 200) failures.push(`${page}: ${status}`)
      } catch (error) {
        failures.push(`${page}: ${(error as Error).message} (${((error as Error).cause as Error)?.message})`)
      }
    }
  }
  // Given up: the deploy must not go on behind the next test.
  if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGKILL')
  const code = await exited
  const chat = await chats.finish()
  if (code !== 0) throw new Error(`deploy/stack.mjs ${command} failed (${code}):\n${output}`)
  return { failures, asked, chat }
}

/** Every chat message was sent and arrived once on the other side, and every stream came back by itself. */
function expectChatsUnbroken(chat: ChatReport) {
  expect(chat.sent).toBeGreaterThan(0)
  expect(chat.sendFailureReasons).toEqual([])
  expect(chat.lostMessages).toEqual([])
  expect(chat.duplicated).toBe(0)
  expect(chat.received).toBe(chat.sent)
  // Every instance restarted, so every stream (the visitors' and the agent's) was ended at least once.
  expect(chat.reconnects).toBeGreaterThanOrEqual(chat.streams)
}

test.describe('deploys', () => {
  // Each test starts from where the one before left the stack.
  test.describe.configure({ mode: 'serial' })
  test('a deploy moves every instance to a new release one at a time; the front answers every page meanwhile, and every chat message arrives once as the streams reconnect', async () => {
    test.setTimeout(DEPLOY_TIMEOUT_MS)
    const checkout = fs.realpathSync('.')
    const before = appProcesses()
    expect(releaseDirsOf(before)).toEqual([checkout, checkout])
    const { failures, asked, chat } = await pagesThrough('deploy')
    expect(failures).toEqual([])
    expectChatsUnbroken(chat)
    expect(asked).toBeGreaterThan(100)
    const current = fs.realpathSync(path.join(STACK_DIR, 'current'))
    expect(path.basename(current)).toMatch(/^\d{8}-\d{6}/)
    // Every instance was started again, from the new release.
    const after = appProcesses()
    expect(releaseDirsOf(after)).toEqual([current, current])
    for (const [i, { instance }] of after.entries()) expect(instance).not.toBe(before[i].instance)
  })

  test('a rollback moves every instance back to the release before, with no failed page or lost chat message either', async () => {
    test.setTimeout(DEPLOY_TIMEOUT_MS)
    const { failures, chat } = await pagesThrough('rollback')
    expect(failures).toEqual([])
    expectChatsUnbroken(chat)
    const checkout = fs.realpathSync('.')
    expect(releaseDirsOf(appProcesses())).toEqual([checkout, checkout])
    expect(fs.realpathSync(path.join(STACK_DIR, 'current'))).toBe(checkout)
  })

  test('a rollback with no release before the current one is refused and changes nothing', async () => {
    const result = spawnSync(process.execPath, ['deploy/stack.mjs', 'rollback'], {
      encoding: 'utf8',
      env: { ...process.env, ...stackEnv(STACK_DIR, PORTS) },
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/no earlier release/)
    const checkout = fs.realpathSync('.')
    expect(releaseDirsOf(appProcesses())).toEqual([checkout, checkout])
  })
})
