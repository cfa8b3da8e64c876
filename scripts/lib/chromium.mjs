/** Debian's Chromium, and the flags that let it run on these machines (as root, no network). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
