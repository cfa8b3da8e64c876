/** Debian's Chromium, and the flags that let it run on these machines (as root, no network). */

/** The browser visitors run: the benches (Lighthouse, the page weight) measure the site in it. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'
/**
 * Debian's headless build of the same Chromium (package chromium-headless-shell, no window system):
 * the browser suites, which it runs in two thirds of the time the full browser takes (docs/tests.md).
 */
export const HEADLESS_CHROMIUM_PATH = process.env.E2E_CHROME_PATH || '/usr/bin/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
