// Faults at the front: an instance killed, Redis killed, every instance down. These kill processes:
// they run last (tests/e2e/front/ runs in the order of its file names), and the stack's stop after
// them ends what is left.
import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { solvedCaptcha } from '../support/captcha'
import { SEED_BUSINESS } from '../../../src/setup/seed/content/business'
import { CONTACT_FORM_ID } from '../../../src/setup/seed/content/forms'
import { CSRF_ENDPOINT, CSRF_HEADER } from '../../../src/security/csrfProtocol'
import { stackEnv } from '../../../bench/lib/stack.mjs'
import {
  APP_A,
  APP_B,
  appProcesses,
  contactFields,
  FRONT,
  POLL_MS,
  PORTS,
  sleep,
  STACK_DIR,
  test,
} from '../support/productionStack'

const statusOf = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  )

test.describe('faults at the front', () => {
  test('an instance killed with kill -9 is back by itself within 5 s, and the front answers every page meanwhile', async () => {
    const [first] = appProcesses()
    expect(first.instance).toBeGreaterThan(0)
    const killedAt = Date.now()
    process.kill(first.instance!, 'SIGKILL')
    const statuses: number[] = []
    let backAfterMs: number | null = null
    while (Date.now() - killedAt < 15_000 && backAfterMs === null) {
      statuses.push(await statusOf(`${FRONT}/pricing`))
      if ((await statusOf(`${APP_A}/api/health/live`)) === 200) backAfterMs = Date.now() - killedAt
      else await sleep(POLL_MS)
    }
    expect(backAfterMs).not.toBeNull()
    expect(backAfterMs!).toBeLessThan(5_000)
    expect(new Set(statuses)).toEqual(new Set([200]))
    expect(appProcesses()[0].instance).not.toBe(first.instance)
  })

  test('with Redis killed, even an instance started meanwhile answers a page, a contact post, a sign-in and a chat message within 2 s; Redis is used again once back', async ({
    playwright,
  }) => {
    const redisPid = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')).processes.redis.pid
    process.kill(redisPid, 'SIGKILL')
    // An instance that starts while Redis is away, whose clients never connected: the case that hung.
    process.kill(appProcesses()[0].instance!, 'SIGKILL')
    await expect.poll(() => statusOf(`${APP_A}/api/health/live`), { timeout: 15_000 }).toBe(200)

    const timed = async (url: string, init: RequestInit = {}) => {
      const started = Date.now()
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
      return { status: response.status, ms: Date.now() - started, body: await response.text() }
    }
    const answers: Record<string, { status: number; ms: number }> = {}
    answers.page = await timed(`${APP_A}/faq`)
    answers.signIn = await timed(`${APP_A}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: APP_A },
      body: fs.readFileSync(path.join(STACK_DIR, 'admin.json'), 'utf8'),
    })
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const { token } = await (await visitor.get(`${APP_A}${CSRF_ENDPOINT}`)).json()
    const captcha = await solvedCaptcha(visitor, APP_A)
    const started = Date.now()
    const contact = await visitor.post(`${APP_A}/api/contact`, {
      headers: { [CSRF_HEADER]: token, Origin: APP_A },
      data: { formId: CONTACT_FORM_ID, fields: contactFields(`Redis down ${Date.now()}`), captcha },
    })
    answers.contact = { status: contact.status(), ms: Date.now() - started }
    const chatStart = await timed(`${APP_A}/api/chat/visitor`, {
      method: 'POST',
      headers: { Origin: APP_A, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'message', text: 'Hello while Redis is down' }),
    })
    answers.chat = chatStart
    await visitor.dispose()
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBe(200)
      expect(answer.ms, what).toBeLessThan(2_000)
    }
    expect(JSON.parse((await timed(`${APP_A}/api/health`)).body)).toMatchObject({ status: 'degraded', redis: 'down' })

    // Redis back where it was: every instance uses it again, without a restart.
    Object.assign(process.env, stackEnv(STACK_DIR, PORTS))
    const { startRedis } = await import('../../../deploy/lib/services.mjs')
    const record = await startRedis()
    const state = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8'))
    state.processes.redis = record
    fs.writeFileSync(path.join(STACK_DIR, 'stack.json'), JSON.stringify(state, null, 2))
    for (const app of [APP_A, APP_B]) {
      await expect
        .poll(async () => JSON.parse((await timed(`${app}/api/health`)).body).status, { timeout: 10_000 })
        .toBe('ok')
    }
  })

  test('with every instance down, a cached page still comes and any other answer is the site’s maintenance page', async () => {
    expect(await statusOf(`${FRONT}/about`)).toBe(200)
    for (const { supervisor, instance } of appProcesses()) {
      process.kill(supervisor, 'SIGKILL')
      if (instance) process.kill(instance, 'SIGKILL')
    }
    await expect.poll(() => statusOf(`${APP_A}/api/health/live`)).toBe(0)
    await expect.poll(() => statusOf(`${APP_B}/api/health/live`)).toBe(0)

    const cached = await fetch(`${FRONT}/about`)
    expect(cached.status).toBe(200)
    for (const address of [`/never-cached-${Date.now()}`, '/api/health']) {
      const response = await fetch(`${FRONT}${address}`)
      expect(response.status, address).toBe(502)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(response.headers.get('content-type')).toContain('text/html')
      const page = await response.text()
      expect(page).toContain('We’ll be right back')
      expect(page).toContain(SEED_BUSINESS.phone)
      expect(page).not.toContain('nginx')
    }
  })
})
