import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCertificate } from '../../../tests/support/front'
import { CERTIFICATE_FAIL_DAYS, CERTIFICATE_WARN_DAYS, certificateCheck, certificateDaysLeft } from './certificate'

const DAY_MS = 24 * 60 * 60 * 1000
let dir: string
let cert: string
let validTo: Date

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-cert-'))
  cert = makeCertificate(dir, 'www.example.com').cert
  validTo = certificateDaysLeft(cert).validTo
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** The moment `days` before the certificate ends. */
const daysBefore = (days: number) => new Date(validTo.getTime() - days * DAY_MS)

describe('the certificate check', () => {
  it('reads the days left on a real certificate, the first of a full chain', () => {
    const chain = path.join(dir, 'fullchain.pem')
    const other = makeCertificate(fs.mkdtempSync(path.join(dir, 'ca-')), 'Some CA').cert
    fs.writeFileSync(chain, fs.readFileSync(cert, 'utf8') + fs.readFileSync(other, 'utf8'))
    const read = certificateDaysLeft(chain, daysBefore(10))
    expect(read.daysLeft).toBeCloseTo(10, 5)
    expect(read.subject).toContain('www.example.com')
  })

  it('is ok from 14 days, warns under them, fails under 3 and once expired, with the renewal as fix', () => {
    expect(certificateCheck(cert, daysBefore(CERTIFICATE_WARN_DAYS + 1))).toMatchObject({ status: 'ok' })
    const soon = certificateCheck(cert, daysBefore(CERTIFICATE_WARN_DAYS - 1))
    expect(soon).toMatchObject({ name: 'certificate', status: 'warn' })
    expect(soon.detail).toContain(`${CERTIFICATE_WARN_DAYS - 1} days left on ${cert}`)
    expect(soon.fix).toContain('certificate.mjs renew')
    expect(certificateCheck(cert, daysBefore(CERTIFICATE_FAIL_DAYS - 1)).status).toBe('fail')
    const expired = certificateCheck(cert, daysBefore(-1))
    expect(expired).toMatchObject({
      status: 'fail',
      detail: `${cert} expired on ${validTo.toISOString().slice(0, 10)}`,
    })
  })

  it('is off without a certificate, and fails naming the file when it cannot be read as one', () => {
    expect(certificateCheck(null).status).toBe('off')
    const garbage = path.join(dir, 'not-a-certificate.pem')
    fs.writeFileSync(garbage, 'hello')
    expect(certificateCheck(garbage)).toMatchObject({
      status: 'fail',
      detail: `cannot read ${garbage}: ${garbage} holds no PEM certificate`,
    })
    expect(certificateCheck(path.join(dir, 'missing.pem')).detail).toMatch(/ENOENT/)
  })
})
