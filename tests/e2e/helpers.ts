import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import { SEED_PAGES } from '../../src/setup/seed/content/pages'
import type { Page } from '../../src/payload-types'

export const seededPaths = SEED_PAGES.map((page) => (page.key === 'home' ? '/' : `/${page.key}`))
export const seededTitle = (pagePath: string) =>
  SEED_PAGES.find((page) => (page.key === 'home' ? '/' : `/${page.key}`) === pagePath)!

/** The e2e server's data folder (scripts/e2e-server.mjs makes one per port): its database, admin and outbox. */
export const E2E_DATA_DIR = path.resolve(process.cwd(), `.tmp/e2e-${E2E_PORT}`)
/** Where the e2e server writes each mail it sends, one file per mail. */
const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'outbox')

const outboxMails = () =>
  fs.existsSync(E2E_OUTBOX) ? fs.readdirSync(E2E_OUTBOX).map((file) => path.join(E2E_OUTBOX, file)) : []

/** How many mails the e2e server has sent. */
export const mailCount = () => outboxMails().length

/** How many mails the e2e server has sent that mention `marker`. */
export const mailsMentioning = (marker: string) =>
  outboxMails().filter((file) => fs.readFileSync(file, 'utf8').includes(marker)).length

/** The first admin that the e2e server's set-up created. */
export function adminCredentials(): { email: string; password: string } {
  return JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, 'admin.json'), 'utf8'))
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/users/login', { data: adminCredentials() })
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()}`)
  return (await response.json()).token
}

/** The page at a public address, as the admin API gives it (its id first of all). */
export async function pageAt(request: APIRequestContext, token: string, pagePath: string): Promise<Page> {
  const response = await request.get(`/api/pages?where[path][equals]=${encodeURIComponent(pagePath)}&depth=0`, {
    headers: { Authorization: `JWT ${token}` },
  })
  const { docs } = (await response.json()) as { docs: Page[] }
  if (docs.length !== 1) throw new Error(`no single page at ${pagePath}`)
  return docs[0]
}
