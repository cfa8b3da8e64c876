// Markup an editor (or a stolen editor account) stores through every content path the site shows
// comes out as text: never a script, an element or an attribute of the page. The policy (CSP) is
// the second line; this checks the first one, the escaping, in the HTML the server sends.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import { adminToken } from './helpers'

const stamp = Date.now()
/** Each would run or add an element if it reached the page unescaped. */
const HOSTILE = [
  `<script>window.__pwned=${stamp}</script>`,
  `<img src=x onerror="window.__pwned=${stamp}">`,
  `</script><script>window.__pwned=${stamp}</script>`,
  `"><svg onload="window.__pwned=${stamp}">`,
].join(' ')
/** For fields with a short maximum length (a title, a name): one of the above, whole. */
const HOSTILE_SHORT = `<script>window.__pwned=${stamp}</script>`
/** What must never appear in the HTML: the hostile markup as markup. */
const UNESCAPED = [`<script>window.__pwned`, `<img src=x onerror`, `<svg onload`]

type Json = Record<string, unknown>

async function api(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch',
  url: string,
  data?: Json,
) {
  const response = await request[method](url, { headers: { Authorization: `JWT ${token}` }, data })
  expect(response.ok(), `${method} ${url}: ${response.status()} ${response.ok() ? '' : await response.text()}`).toBe(
    true,
  )
  return (await response.json()) as Json
}

const richText = (text: string) => {
  const base = { direction: 'ltr', format: '', indent: 0, version: 1 }
  const run = { type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }
  return {
    root: {
      ...base,
      type: 'root',
      children: [{ ...base, type: 'paragraph', textFormat: 0, textStyle: '', children: [run] }],
    },
  }
}

test('markup stored in pages, settings, menus and forms reaches visitors as text, and runs nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const token = await adminToken(request)
  const settings = await api(request, token, 'get', '/api/globals/site-settings?depth=0')
  const header = await api(request, token, 'get', '/api/globals/header?depth=0')
  const form = await api(request, token, 'get', `/api/forms/${CONTACT_FORM_ID}?depth=0`)
  const business = settings.business as Json
  const items = header.items as { columns?: { heading?: string }[] }[]
  const fields = form.fields as { label?: string }[]
  let pageId: unknown
  try {
    const created = await api(request, token, 'post', '/api/pages', {
      title: `Hostile ${HOSTILE_SHORT}`,
      slug: `hostile-content-${stamp}`,
      _status: 'published',
      seo: { description: `Described ${HOSTILE_SHORT} <img src=x onerror="window.__pwned=1">` },
      layout: [
        { blockType: 'hero', heading: `Heading ${HOSTILE}` },
        { blockType: 'richText', content: richText(`Paragraph ${HOSTILE}`) },
        { blockType: 'contactForm', form: CONTACT_FORM_ID },
      ],
    })
    pageId = (created.doc as Json).id
    await api(request, token, 'post', '/api/globals/site-settings', {
      business: { ...business, name: `Cardinal ${HOSTILE_SHORT}`, tagline: `Tagline ${HOSTILE}` },
    })
    await api(request, token, 'post', '/api/globals/header', {
      items: items.map((item, i) =>
        i === 0 && item.columns?.length
          ? {
              ...item,
              columns: item.columns.map((column, j) => (j === 0 ? { ...column, heading: `Menu ${HOSTILE}` } : column)),
            }
          : item,
      ),
    })
    await api(request, token, 'patch', `/api/forms/${CONTACT_FORM_ID}`, {
      fields: fields.map((field, i) => (i === 0 ? { ...field, label: `Label ${HOSTILE}` } : field)),
    })

    const path = `/hostile-content-${stamp}`
    let html = ''
    await expect
      .poll(
        async () => {
          html = await (await request.get(path)).text()
          return ['Heading ', 'Paragraph ', 'Cardinal ', 'Menu ', 'Label '].every((word) =>
            html.includes(`${word}&lt;script`),
          )
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    for (const markup of UNESCAPED) expect(html, markup).not.toContain(markup)
    // The title and descriptions are text too, in the head and in structured data.
    expect(html).toMatch(/<title>Hostile &lt;script&gt;/)
    expect(html).not.toMatch(/<meta[^>]*content="[^"]*"><svg/)

    page.on('dialog', (dialog) => void dialog.dismiss())
    await page.goto(path)
    await expect(page.getByRole('heading', { name: /Heading <script>/ })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(await page.locator(`img[src="x"], svg[onload]`).count()).toBe(0)
  } finally {
    if (pageId) await request.delete(`/api/pages/${pageId}`, { headers: { Authorization: `JWT ${token}` } })
    await api(request, token, 'post', '/api/globals/site-settings', { business })
    await api(request, token, 'post', '/api/globals/header', { items })
    await api(request, token, 'patch', `/api/forms/${CONTACT_FORM_ID}`, { fields })
  }
})
