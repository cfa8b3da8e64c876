import { X509Certificate } from 'node:crypto'
import fs from 'node:fs'
import { type CheckResult, reasonOf } from './check'

/** Days left under which the certificate warns (the renewal timer renews at 30, so renewing is failing)… */
export const CERTIFICATE_WARN_DAYS = 14
/** …and under which it fails: browsers will soon refuse the site. */
export const CERTIFICATE_FAIL_DAYS = 3
const DAY_MS = 24 * 60 * 60 * 1000
const NAME = 'certificate'

const FIRST_PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/

/** The site's own certificate in `file` (the first of a full chain): when it ends and the days left until then, in fractions. */
export function certificateDaysLeft(
  file: string,
  now = new Date(),
): { daysLeft: number; validTo: Date; subject: string } {
  const pem = FIRST_PEM.exec(fs.readFileSync(file, 'utf8'))?.[0]
  if (!pem) throw new Error(`${file} holds no PEM certificate`)
  const certificate = new X509Certificate(pem)
  const validTo = new Date(certificate.validTo)
  return { daysLeft: (validTo.getTime() - now.getTime()) / DAY_MS, validTo, subject: certificate.subject }
}

const RENEW_FIX =
  'renew it as root with `node /opt/site/current/deploy/server/certificate.mjs renew` (it reloads the front; its timer should have: systemctl status site-certificate.timer), or `certbot renew` where certbot made it'

/** Days left on the certificate the front serves; off when none is configured. */
export function certificateCheck(file: string | null, now = new Date()): CheckResult {
  if (!file) return { name: NAME, status: 'off', detail: 'no certificate configured (TLS_CERT_FILE)' }
  let read
  try {
    read = certificateDaysLeft(file, now)
  } catch (error) {
    return {
      name: NAME,
      status: 'fail',
      detail: `cannot read ${file}: ${reasonOf(error)}`,
      fix: 'run the doctor as root (the certificate’s files are root’s), or correct TLS_CERT_FILE',
    }
  }
  const days = Math.floor(read.daysLeft)
  const ends = read.validTo.toISOString().slice(0, 10)
  if (read.daysLeft <= 0) return { name: NAME, status: 'fail', detail: `${file} expired on ${ends}`, fix: RENEW_FIX }
  const detail = `${days} days left on ${file} (until ${ends})`
  if (read.daysLeft < CERTIFICATE_FAIL_DAYS) return { name: NAME, status: 'fail', detail, fix: RENEW_FIX }
  if (read.daysLeft < CERTIFICATE_WARN_DAYS) return { name: NAME, status: 'warn', detail, fix: RENEW_FIX }
  return { name: NAME, status: 'ok', detail }
}
