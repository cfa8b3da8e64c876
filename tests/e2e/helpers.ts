import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'
import { SEED_PAGES } from '../../src/cms/seed/content/pages'

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
