// Lighthouse (mobile) on seeded pages, listing every audit that costs points, to find what to fix.
// Usage: node bench/lighthouse-audit.mjs /,/faq   (BENCH_PORT picks the server's port)
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs'
import { startBenchServer } from './lib/server.mjs'

const pages = (process.argv[2] || '/').split(',')
const server = await startBenchServer({ name: 'bench-audit' })
try {
  for (const pagePath of pages) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    })
    try {
      const result = await lighthouse(server.origin + pagePath, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      })
      if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`)
      const { lhr } = result
      console.log(
        pagePath,
        Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, category.score])),
      )
      for (const category of Object.values(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            console.log(`  ${category.id} ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`)
        }
      }
    } finally {
      await chrome.kill()
    }
  }
} finally {
  server.stop()
}
