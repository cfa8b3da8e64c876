// A published news post for a benchmark to measure, as the seeded site has none: made through the
// site's REST API as an editor makes one (the first admin's token), with a hero image from the seed,
// an article of several paragraphs and a category. The sitemap then lists the post, the news
// listing and the category's page.

/** The category the post is filed under. */
const SAMPLE_CATEGORY = { name: 'Guides', slug: 'guides' }

const text = (/** @type {string} */ words) => ({
  type: 'text',
  text: words,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})
/**
 * @param {string} type
 * @param {string} words
 * @param {Record<string, unknown>} [extra]
 */
const element = (type, words, extra = {}) => ({
  type,
  children: [text(words)],
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})
const paragraph = (/** @type {string} */ words) => element('paragraph', words, { textFormat: 0, textStyle: '' })
const heading = (/** @type {string} */ words) => element('heading', words, { tag: 'h2' })

/** A post of the length title companies publish: a lead, sections with headings, plain prose. */
const SAMPLE_POST = {
  title: 'What a title search finds before you close',
  slug: 'what-a-title-search-finds',
  summary: 'Liens, easements and gaps in the chain of title: what the search covers, and how long it takes.',
  paragraphs: [
    paragraph(
      'A title search reads the public records of a property, back through its owners, to show that the seller can pass clear title. Lenders ask for one before every closing, and buyers are wise to read what it finds.',
    ),
    heading('What the records show'),
    paragraph(
      'The examiner follows each deed in the chain of title at the county recorder, then looks for mortgages that were never released, judgment and tax liens, mechanics’ liens and easements that limit how the land may be used.',
    ),
    paragraph(
      'Court records add what the recorder does not hold: divorces and estates that change who owns the property, and lawsuits that name it. Each finding is listed in the report with the book and page where it is recorded.',
    ),
    heading('How long it takes'),
    paragraph(
      'Most residential searches are finished within two business days. Older parcels, properties split or joined over the years, and counties whose early records are on paper alone can take longer.',
    ),
    paragraph(
      'When the report shows a problem, it is usually solved before closing: a lender records a missing release, a lien is paid from the proceeds, or the heirs of a past owner sign a deed.',
    ),
  ],
}

/**
 * @param {Response} response
 * @param {string} what
 * @returns {Promise<any>} the answer's JSON, as Payload's REST API gives it (documents of any collection)
 */
async function answered(response, what) {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${(await response.text()).slice(0, 300)}`)
  return response.json()
}

/**
 * Publishes the sample post on the site at `origin` with an admin's JWT; returns the post's and its
 * category's documents. The hero is the seed's widest image.
 * @param {string} origin
 * @param {string} token
 */
export async function publishSamplePost(origin, token) {
  const headers = { Authorization: `JWT ${token}`, Origin: origin, 'Content-Type': 'application/json' }
  /**
   * @param {string} method
   * @param {string} route
   * @param {unknown} body
   */
  const send = async (method, route, body) =>
    answered(await fetch(`${origin}${route}`, { method, headers, body: JSON.stringify(body) }), `${method} ${route}`)

  const images = await answered(
    await fetch(`${origin}/api/media?limit=1&sort=-width&depth=0&where[mimeType][like]=image`, { headers }),
    'reading the seeded images',
  )
  const hero = images.docs[0]
  if (!hero) throw new Error('the seeded site has no image to give the sample post a hero')
  const { doc: category } = await send('POST', '/api/categories', SAMPLE_CATEGORY)
  const { paragraphs, ...fields } = SAMPLE_POST
  const { doc: post } = await send('POST', '/api/posts', {
    ...fields,
    heroImage: hero.id,
    categories: [category.id],
    body: { root: { type: 'root', children: paragraphs, direction: 'ltr', format: '', indent: 0, version: 1 } },
    _status: 'published',
  })
  return { post, category }
}

/**
 * Every page the sitemap of the site at `origin` lists, as paths.
 * @param {string} origin
 * @returns {Promise<string[]>}
 */
export async function sitemapPaths(origin) {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
}
