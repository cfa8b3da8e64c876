import { createHmac } from 'node:crypto'

/**
 * Which inline scripts of a page the site wrote itself. Every render runs with a secret mark as its
 * script nonce (Next puts it on the scripts it writes, InlineScript on the site's own); the server
 * then lists the hashes of the marked scripts only and replaces the mark before anything leaves, so
 * a script that reached the HTML any other way (stored content that escaped its escaping) carries
 * no mark, gets no hash and never runs, while the page stays the same for every visitor and any
 * cache may keep it.
 */

/** Where the server puts the mark for the components that render the site's own scripts. */
export const SCRIPT_MARK_ENV = 'SITE_SCRIPT_MARK'

/** Characters in a mark: 192 bits, and letters and digits only, so it is a valid nonce anywhere. */
export const SCRIPT_MARK_LENGTH = 32

/**
 * What the mark becomes in everything sent: the same length (byte counts inside the page's data
 * stay right), public, and never a source in any policy.
 */
export const SENT_NONCE = 'x'.repeat(SCRIPT_MARK_LENGTH)

/**
 * The mark of one build: the same on every instance that serves it (they share one page cache), a
 * new one with every build, and unknown to anyone without the site's secret.
 */
export function scriptMarkFor(secret: string, buildId: string): string {
  const digest = createHmac('sha256', secret).update(`inline-script-mark:${buildId}`).digest('base64')
  const mark = digest.replace(/[^A-Za-z0-9]/g, '').slice(0, SCRIPT_MARK_LENGTH)
  return mark.padEnd(SCRIPT_MARK_LENGTH, '0')
}

/** The mark of the running server, or none when the page is not served through it (`next dev`). */
export function currentScriptMark(): string | undefined {
  return process.env[SCRIPT_MARK_ENV] || undefined
}
