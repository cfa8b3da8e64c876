import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import { SEED_PAGES } from '../../src/cms/seed/content/pages'
import type { Page } from '../../src/payload-types'

export const seededPaths = SEED_PAGES.map((page) => (page.key === 'home' ? '/' : `/${page.key}`))
export const seededTitle = (pagePath: string) =>
  SEED_PAGES.find((page) => (page.key === 'home' ? '/' : `/${page.key}`) === pagePath)!

/** The first admin that the e2e server's set-up created. */
export function adminCredentials(): { email: string; password: string } {
  return JSON.parse(fs.readFileSync(path.resolve(process.cwd(), `.tmp/e2e-${E2E_PORT}/admin.json`), 'utf8'))
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
