// `npm run mail:test -- ADDRESS` as an operator runs it (scripts/mail-test.mjs, its own process),
// against a real SMTP server on loopback: what it sends, what it prints, and each way it refuses.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { envFileText, mailSettingsFrom, siteSettings } from '../../deploy/server/siteEnv.mjs'
import { TEST_MAIL_SUBJECT } from '@/platform/mailCheck'
import { OUTBOX_FOLDER_NAME } from '@/platform/mailTransport'
import { freePort } from '../support/ports'
import { headersOf, REFUSED_RECIPIENT_REPLY, startSilentSmtpServer, startSmtpServer } from '../support/smtp'

const ROOT = path.resolve(__dirname, '../..')
/** Longest one run may take: a bundle, a start of Node, one send on loopback. */
const RUN_BOUND_MS = 15_000
const OWNER = 'owner@example.org'

type Run = { code: number; stdout: string; stderr: string }

/** Runs the command as an operator would, with exactly this environment. */
function runMailTest(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<Run>((resolve) =>
    execFile(
      process.execPath,
      ['scripts/mail-test.mjs', ...args],
      { cwd: ROOT, env, encoding: 'utf8', timeout: RUN_BOUND_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  )
}

/** Runs it for `address` with these settings (the checkout's .env cannot add any: each is named here). */
const mailTest = (address: string, settings: { SMTP_URL: string; MAIL_FROM?: string; SERVER_URL?: string }) =>
  runMailTest([address], { ...process.env, MAIL_FROM: '', SERVER_URL: 'http://localhost:3000', ...settings })

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterEach(() => smtp.setMode('accept'))
afterAll(() => smtp?.close())

const header = (raw: string, name: string) => headersOf(raw).find((line) => line.startsWith(`${name}: `))

describe('npm run mail:test -- ADDRESS', () => {
  it("sends one short mail from MAIL_FROM to the address through SMTP_URL and prints the server's answer", async () => {
    const before = smtp.received.length
    const run = await mailTest(OWNER, { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.com' })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(smtp.received.length).toBe(before + 1)
    const mail = smtp.received.at(-1)!
    expect(mail.from).toBe('office@example.com')
    expect(mail.to).toEqual([OWNER])
    expect(header(mail.raw, 'Subject')).toBe(`Subject: ${TEST_MAIL_SUBJECT}`)
    expect(header(mail.raw, 'From')).toBe('From: Website <office@example.com>')
    expect(header(mail.raw, 'To')).toBe(`To: ${OWNER}`)
    expect(run.stdout).toContain(`The mail server at 127.0.0.1:${smtp.port} answered`)
    expect(run.stdout).toContain(`accepted: ${OWNER}`)
    expect(run.stdout).toContain('rejected: (none)')
    expect(run.stdout).toMatch(/response: 250 /)
    expect(run.stdout).not.toContain('Note:')
  })

  it("without MAIL_FROM, sends from website@ the site's domain", async () => {
    const run = await mailTest(OWNER, { SMTP_URL: smtp.url, SERVER_URL: 'https://www.example.com' })
    expect(run.code).toBe(0)
    expect(smtp.received.at(-1)!.from).toBe('website@example.com')
  })

  it('on a server, reads SMTP_URL and MAIL_FROM from the settings file install wrote (--env-file)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-test-env-'))
    try {
      const file = path.join(dir, 'site.env')
      const mail = mailSettingsFrom({ SMTP_URL: smtp.url, MAIL_FROM: 'desk@example.com' })
      fs.writeFileSync(file, envFileText(siteSettings({}, { domain: 'www.example.com', mail }).values))
      // Nothing of the mail settings in the environment: they come from the file alone.
      const serverEnv = { ...process.env }
      for (const name of ['SMTP_URL', 'MAIL_FROM', 'SERVER_URL']) delete serverEnv[name]
      const run = await runMailTest([OWNER, '--env-file', file], serverEnv)
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(smtp.received.at(-1)!.from).toBe('desk@example.com')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("exits non-zero with the server's own words when it refuses the recipient", async () => {
    smtp.setMode('refuseRecipient')
    const before = smtp.received.length
    const run = await mailTest(OWNER, { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.com' })
    expect(run.code).not.toBe(0)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain(`the mail server at 127.0.0.1:${smtp.port} refused the mail: `)
    expect(run.stderr).toContain(`550 ${REFUSED_RECIPIENT_REPLY}: ${OWNER}`)
    expect(smtp.received.length).toBe(before)
  })

  it('exits non-zero saying so when no server answers at the address SMTP_URL names', async () => {
    const port = await freePort()
    const run = await mailTest(OWNER, { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` })
    expect(run.code).not.toBe(0)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain(`could not reach the mail server at 127.0.0.1:${port}: `)
  })

  it('without SMTP_URL, exits non-zero explaining that mail only goes to the outbox', async () => {
    const run = await mailTest(OWNER, { SMTP_URL: '' })
    expect(run.code).not.toBe(0)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain(`SMTP_URL is not set, so the site only writes mail as files to ${OUTBOX_FOLDER_NAME}`)
  })

  it('refuses a malformed address before any connection to the mail server', async () => {
    const silent = await startSilentSmtpServer()
    try {
      const run = await mailTest('owner@@example', { SMTP_URL: silent.url })
      expect(run.code).not.toBe(0)
      expect(run.stderr).toContain('"owner@@example" is not an email address')
      expect(silent.connections()).toBe(0)
    } finally {
      await silent.close()
    }
  })
})
