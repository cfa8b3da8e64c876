// The page the front answers with when no app instance can (502, 503, 504): the site's own, with the
// business's name and phone, saved from a running instance into the front's folder. The local
// stack saves it when it starts (deploy/stack.mjs), a server's install and every deploy likewise
// (deploy/server/plan.mjs); the front's nginx.conf points its error_page at the same file.
import fs from 'node:fs'
import path from 'node:path'

/** The page's address on the front, and its file's name in the front's folder (nginx's prefix). */
export const MAINTENANCE_PAGE_NAME = 'maintenance.html'

/**
 * Where the page is kept for the front whose folder (nginx's -p prefix) is `frontDir`.
 * @param {string} frontDir
 * @returns {string}
 */
export const maintenancePageFile = (frontDir) => path.join(frontDir, MAINTENANCE_PAGE_NAME)

/**
 * The instance's address that renders the page (src/app/(site)/api/health/maintenance/route.ts).
 * @param {number} port
 * @returns {string}
 */
export const maintenancePageUrl = (port) => `http://127.0.0.1:${port}/api/health/maintenance`

/**
 * Asks the instance on `port` for the page and writes it to `file`, readable by the front's workers;
 * written beside it first and renamed over it, so nginx never reads half a page.
 * @param {{ port: number, file: string }} where
 */
export async function saveMaintenancePage({ port, file }) {
  const response = await fetch(maintenancePageUrl(port))
  if (!response.ok) throw new Error(`the app on port ${port} gave no maintenance page (${response.status})`)
  const partial = `${file}.partial`
  fs.writeFileSync(partial, await response.text(), { mode: 0o644 })
  fs.chmodSync(partial, 0o644)
  fs.renameSync(partial, file)
}
