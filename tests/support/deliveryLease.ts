import { afterAll, beforeAll } from 'vitest'

/** The lease a suite's delivery runners (and the children it starts) hold: a takeover shows in seconds, not a minute. */
const SHORT_LEASE = { CONTACT_DELIVERY_LEASE_MS: '3000', CONTACT_DELIVERY_POLL_MS: '1000' }

/** Runs the file's delivery runners on a short lease; the ratios between its times stay the production ones. */
export function withShortLease() {
  beforeAll(() => void Object.assign(process.env, SHORT_LEASE))
  afterAll(() => Object.keys(SHORT_LEASE).forEach((name) => delete process.env[name]))
}
