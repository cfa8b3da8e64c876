import type { BrowserContext, Page, TestInfo } from '@playwright/test'

/**
 * The attachment a failed test leaves with what its pages showed. Its name starts with "_", so the
 * list reporter leaves it out (it would cut it at 300 characters); openPagesReporter.ts prints it
 * whole at the end of the run, where the tail of a CI log keeps it.
 */
export const OPEN_PAGES_ATTACHMENT = '_open pages'

/** Text kept of one page: enough for a console's alerts, queue and chats. */
const PAGE_TEXT_MAX = 1200
/** A page that does not answer in this time (its renderer is stuck) is reported as such. */
const PAGE_READ_MS = 2000

async function pageText(page: Page): Promise<string> {
  let timer: NodeJS.Timeout | undefined
  const gaveUp = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('(the page did not answer)'), PAGE_READ_MS)
  })
  const read = page
    .evaluate(() => {
      // A dialog (the chat widget) or an alert first: on a long page they would be cut off.
      const first = [...document.querySelectorAll<HTMLElement>('[role=dialog], dialog[open], [role=alert]')]
        .map((element) => element.innerText.trim())
        .filter(Boolean)
      return [...first.map((text) => `[${text}]`), document.body?.innerText ?? ''].join('\n')
    })
    .catch((error: Error) => `(unreadable: ${error.message.split('\n')[0]})`)
  const text = await Promise.race([read, gaveUp])
  clearTimeout(timer)
  // One line a page: the report stays short enough for the end of a log.
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' · ')
    .slice(0, PAGE_TEXT_MAX)
}

/**
 * Attaches the address and visible text of every page in `contexts` to a failed test. Playwright's
 * error snapshot holds one page, and a test with several (an agent's console and a visitor's
 * widget) often failed because of what another one showed.
 */
export async function attachOpenPages(testInfo: TestInfo, contexts: BrowserContext[]) {
  const pages = contexts.flatMap((context) => context.pages())
  if (!pages.length) return
  const described = await Promise.all(pages.map(async (page) => `${page.url()}: ${await pageText(page)}`))
  await testInfo.attach(OPEN_PAGES_ATTACHMENT, { body: described.join('\n'), contentType: 'text/plain' })
}
