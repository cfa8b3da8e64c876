import type { Page } from '@playwright/test'
import { E2E_URL } from '../../../playwright.config'

const SCRIPT_FILE = /\/_next\/static\/chunks\/[\w.-]+\.js/g

/** The script files a document names: those it starts with (in its start-up list or a tag) and its router data's. */
export const scriptsNamedIn = (html: string) => new Set(html.match(SCRIPT_FILE))

/**
 * Refuses, as a network that lost them would, every script file the document at `path` does not
 * name: what the page loads later (the chat's code, after idle). The files the document names, its
 * start, go through. `allow()` lets everything through again.
 */
export async function refuseLaterScripts(page: Page, path: string) {
  const html = await (await fetch(`${E2E_URL}${path}`)).text()
  const named = scriptsNamedIn(html)
  const refused: string[] = []
  let refusing = true
  await page.route('**/_next/static/chunks/*.js', (route) => {
    const pathname = new URL(route.request().url()).pathname
    if (named.has(pathname) || !refusing) return route.continue()
    refused.push(pathname)
    return route.abort()
  })
  return {
    named,
    refused,
    allow: () => {
      refusing = false
    },
  }
}
