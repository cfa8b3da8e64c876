import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPublishedPageList } from '@/content/queries'
import { DeletionNote } from '@/content/redirects/DeletionNote'
import { readRedirectLocation } from '@/content/redirects/lookup'
import { MAX_REDIRECT_ADDRESS_LENGTH } from '@/content/redirects/validate'
import { siteOrigin } from '@/platform/siteUrl'
import { saveRefusal, startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

type Id = number
type Redirect = { id: Id; from: string; to: string; page?: Id | { id: Id } | null; address?: string | null }

async function publishPage(slug: string, parent?: Id) {
  return payload.create({
    collection: 'pages',
    data: { title: slug, slug, parent, layout: [{ blockType: 'hero', heading: slug }], _status: 'published' } as never,
  })
}

const rename = (id: Id, slug: string, status: 'draft' | 'published' = 'published') =>
  payload.update({ collection: 'pages', id, data: { slug, _status: status } as never, draft: status === 'draft' })

async function redirects(): Promise<Redirect[]> {
  const { docs } = await payload.find({ collection: 'redirects', depth: 0, limit: 0, sort: 'from' })
  return docs as unknown as Redirect[]
}

const redirectAt = async (from: string) => (await redirects()).find((redirect) => redirect.from === from)
const pageOf = (redirect: Redirect | undefined) =>
  redirect?.page && typeof redirect.page === 'object' ? redirect.page.id : redirect?.page

const createRedirect = (data: Record<string, unknown>) =>
  payload.create({ collection: 'redirects', data: data as never })

describe('a published page that moves keeps its old address', () => {
  it('answers its old path with a redirect to the page when the slug changes', async () => {
    const page = await publishPage('old-name')
    await rename(page.id, 'new-name')
    const redirect = await redirectAt('/old-name')
    expect(redirect?.to).toBe('page')
    expect(pageOf(redirect)).toBe(page.id)
  })

  it('sends visitors of its old path to the new one, which alone is in the list of pages the sitemap is made from', async () => {
    const page = await publishPage('listed-before')
    await rename(page.id, 'listed-after')
    expect(await readRedirectLocation(payload, '/listed-before')).toBe('/listed-after')
    const listed = (await readPublishedPageList(payload)).map((doc) => doc.path)
    expect(listed).toContain('/listed-after')
    expect(listed).not.toContain('/listed-before')
  })

  it('creates one redirect per published child when a parent is renamed', async () => {
    const parent = await publishPage('services')
    const first = await publishPage('title-search', parent.id)
    const second = await publishPage('closings', parent.id)
    await rename(parent.id, 'our-services')
    expect(pageOf(await redirectAt('/services'))).toBe(parent.id)
    expect(pageOf(await redirectAt('/services/title-search'))).toBe(first.id)
    expect(pageOf(await redirectAt('/services/closings'))).toBe(second.id)
  })

  it('leads both old paths to the page after two renames, with no chain', async () => {
    const page = await publishPage('first-name')
    await rename(page.id, 'second-name')
    await rename(page.id, 'third-name')
    for (const from of ['/first-name', '/second-name']) {
      const redirect = await redirectAt(from)
      expect(redirect?.to).toBe('page')
      expect(pageOf(redirect)).toBe(page.id)
    }
  })

  it('deletes the redirect at the address a page is renamed back to, so nothing loops', async () => {
    const page = await publishPage('back-and-forth')
    await rename(page.id, 'moved-away')
    await rename(page.id, 'back-and-forth')
    expect(await redirectAt('/back-and-forth')).toBeUndefined()
    expect(pageOf(await redirectAt('/moved-away'))).toBe(page.id)
  })

  it('makes no redirect while the new name is only a draft, and one when it is published', async () => {
    const page = await publishPage('drafted-rename')
    await rename(page.id, 'drafted-new', 'draft')
    expect(await redirectAt('/drafted-rename')).toBeUndefined()
    await rename(page.id, 'drafted-new')
    expect(pageOf(await redirectAt('/drafted-rename'))).toBe(page.id)
  })

  it('makes no redirect for a page that was never published', async () => {
    const page = await payload.create({
      collection: 'pages',
      data: { title: 'Unseen', slug: 'unseen', layout: [{ blockType: 'hero', heading: 'x' }] } as never,
      draft: true,
    })
    await rename(page.id, 'still-unseen', 'draft')
    expect(await redirectAt('/unseen')).toBeUndefined()
  })
})

describe('a deleted page', () => {
  it('sends its address, and the redirects that led to it, to the page chosen beforehand', async () => {
    const destination = await publishPage('delete-destination')
    const doomed = await publishPage('doomed')
    await rename(doomed.id, 'doomed-renamed')
    await payload.update({
      collection: 'pages',
      id: doomed.id,
      data: { redirectOnDelete: destination.id } as never,
      draft: true,
    })
    await payload.delete({ collection: 'pages', id: doomed.id })
    expect(pageOf(await redirectAt('/doomed-renamed'))).toBe(destination.id)
    expect(pageOf(await redirectAt('/doomed'))).toBe(destination.id)
  })

  it('takes away the redirects that led to it when nothing was chosen', async () => {
    const doomed = await publishPage('left-alone')
    await rename(doomed.id, 'left-alone-renamed')
    expect(await redirectAt('/left-alone')).toBeDefined()
    await payload.delete({ collection: 'pages', id: doomed.id })
    expect(await redirectAt('/left-alone')).toBeUndefined()
    expect(await redirectAt('/left-alone-renamed')).toBeUndefined()
  })

  it('can be deleted while another page names it as its own destination', async () => {
    const chosen = await publishPage('chosen-one')
    await publishPage('chooser').then((page) =>
      payload.update({ collection: 'pages', id: page.id, data: { redirectOnDelete: chosen.id } as never }),
    )
    await payload.delete({ collection: 'pages', id: chosen.id })
    const { docs } = await payload.find({ collection: 'pages', where: { slug: { equals: 'chooser' } }, depth: 0 })
    expect(docs[0].redirectOnDelete ?? null).toBeNull()
  })
})

describe('a redirect to an address', () => {
  it('sends visitors there, stays out of the list of pages, and leads nowhere once deleted', async () => {
    expect(await readRedirectLocation(payload, '/old-listing')).toBeNull()
    const redirect = await createRedirect({
      from: '/old-listing',
      to: 'address',
      address: 'https://example.com/title-records',
    })
    expect(await readRedirectLocation(payload, '/old-listing')).toBe('https://example.com/title-records')
    expect((await readPublishedPageList(payload)).map((doc) => doc.path)).not.toContain('/old-listing')
    await payload.delete({ collection: 'redirects', id: redirect.id })
    expect(await readRedirectLocation(payload, '/old-listing')).toBeNull()
  })
})

describe('what a page’s sidebar says deleting it does', () => {
  /** The note's text, as the editor reads it. */
  const noteOf = async (id: Id) =>
    renderToStaticMarkup(await DeletionNote({ id, payload } as never)).replace(/<[^>]+>/g, '')

  it('names where its address goes and what becomes of the redirects that lead to it', async () => {
    const kept = await publishPage('note-kept')
    const doomed = await publishPage('note-doomed')
    await createRedirect({ from: '/note-old', to: 'page', page: doomed.id })
    const nothingChosen = await noteOf(doomed.id)
    expect(nothingChosen).toContain('/note-doomed answers 404')
    expect(nothingChosen).toContain('The redirect from /note-old will be deleted with it.')
    await payload.update({ collection: 'pages', id: doomed.id, data: { redirectOnDelete: kept.id } as never })
    const chosen = await noteOf(doomed.id)
    expect(chosen).toContain('/note-doomed answers 301 to /note-kept.')
    expect(chosen).toContain('The redirect from /note-old will lead to /note-kept.')
  })
})

describe('what editors may save', () => {
  it('stores an old address without its trailing slash', async () => {
    const target = await publishPage('slash-target')
    const redirect = await createRedirect({ from: '/with-slash/', to: 'page', page: target.id })
    expect(redirect.from).toBe('/with-slash')
  })

  it('refuses an old address where a page lives, beside the field', async () => {
    const page = await publishPage('lived-in')
    const errors = await saveRefusal(createRedirect({ from: '/lived-in', to: 'address', address: '/x' }))
    expect(errors).toEqual([{ path: 'from', message: expect.stringContaining('A page lives at this address') }])
    expect(page.id).toBeTruthy()
  })

  it('refuses a second redirect from the same address', async () => {
    await createRedirect({ from: '/taken', to: 'address', address: 'https://example.com/' })
    const errors = await saveRefusal(createRedirect({ from: '/taken', to: 'address', address: '/elsewhere' }))
    expect(errors).toEqual([
      { path: 'from', message: expect.stringContaining('Another redirect already starts at this address') },
    ])
  })

  it('refuses a redirect to its own address', async () => {
    const errors = await saveRefusal(createRedirect({ from: '/loop', to: 'address', address: '/loop/' }))
    expect(errors).toEqual([{ path: 'address', message: 'This redirect would lead to itself.' }])
  })

  it('refuses a chain, naming where the next redirect goes', async () => {
    await createRedirect({ from: '/hop-two', to: 'address', address: 'https://example.com/final' })
    const errors = await saveRefusal(createRedirect({ from: '/hop-one', to: 'address', address: '/hop-two?x=1' }))
    expect(errors).toEqual([{ path: 'address', message: expect.stringContaining('https://example.com/final') }])
  })

  it('re-points a redirect to an address that later becomes a redirect itself', async () => {
    const target = await publishPage('collapse-target')
    const earlier = await createRedirect({ from: '/collapse-first', to: 'address', address: '/collapse-middle' })
    await createRedirect({ from: '/collapse-middle', to: 'page', page: target.id })
    const after = await payload.findByID({ collection: 'redirects', id: earlier.id, depth: 0 })
    expect(after.to).toBe('page')
    expect(after.page).toBe(target.id)
  })

  it('asks for the page or the address, whichever the redirect leads to', async () => {
    expect(await saveRefusal(createRedirect({ from: '/no-page', to: 'page' }))).toEqual([
      { path: 'page', message: 'Choose the page to send visitors to.' },
    ])
    expect(await saveRefusal(createRedirect({ from: '/no-address', to: 'address' }))).toEqual([
      { path: 'address', message: 'Enter the address to send visitors to.' },
    ])
  })

  it.each([
    ['//evil.example', 'single /'],
    ['https://x', 'single /'],
    ['evil', 'single /'],
    ['/admin', '/admin, /api and /_next'],
    ['/api/users', '/admin, /api and /_next'],
    ['/_next/static/x', '/admin, /api and /_next'],
    ['/a?b', 'Leave out the query'],
    ['/a#b', 'Leave out the query'],
    [`/${'a'.repeat(MAX_REDIRECT_ADDRESS_LENGTH)}`, 'under 300 characters'],
    ['/a\u0000b', 'control characters'],
    ['/a\nb', 'control characters'],
    ['/Old_Page.html', 'lower-case letters'],
    ['/', "home page's address"],
    ['', 'Enter the old address'],
  ])('refuses the old address %j beside the field', async (from, message) => {
    const errors = await saveRefusal(createRedirect({ from, to: 'address', address: 'https://example.com/' }))
    expect(errors).toEqual([{ path: 'from', message: expect.stringContaining(message) }])
  })

  it.each([
    ['javascript:alert(1)', 'Only http and https'],
    ['//evil.example', 'single /'],
    ['https://user:pw@example.com/', 'user name and password'],
    ['not a url', 'spaces or control characters'],
    [`https://example.com/${'a'.repeat(MAX_REDIRECT_ADDRESS_LENGTH)}`, 'under 300 characters'],
  ])('refuses the target address %j beside the field', async (address, message) => {
    const errors = await saveRefusal(createRedirect({ from: '/hostile-target', to: 'address', address }))
    expect(errors).toEqual([{ path: 'address', message: expect.stringContaining(message) }])
  })

  it('refuses a loop however its target is spelled: with .., with this site’s own origin', async () => {
    await createRedirect({ from: '/spelled-b', to: 'address', address: 'https://example.com/away' })
    for (const address of ['/x/../spelled-b', '/./spelled-b', `${siteOrigin()}/spelled-b`, '/spelled-b/']) {
      const errors = await saveRefusal(createRedirect({ from: '/spelled-a', to: 'address', address }))
      expect(errors, address).toEqual([
        { path: 'address', message: expect.stringContaining('/spelled-b is itself redirected') },
      ])
    }
    const own = await saveRefusal(
      createRedirect({ from: '/spelled-c', to: 'address', address: `${siteOrigin()}/spelled-c` }),
    )
    expect(own).toEqual([{ path: 'address', message: 'This redirect would lead to itself.' }])
  })

  it('refuses a backslash, which a browser reads as another site, and stores other addresses as a browser reads them', async () => {
    for (const address of ['/\\evil.example/', '\\\\evil.example', '/a\\b']) {
      const errors = await saveRefusal(createRedirect({ from: '/backslash', to: 'address', address }))
      expect(errors, address).toEqual([{ path: 'address', message: expect.stringContaining('never \\') }])
    }
    const encoded = await createRedirect({ from: '/price-list', to: 'address', address: '/prices/€-list' })
    expect(encoded.address).toBe('/prices/%E2%82%AC-list')
    const elsewhere = await createRedirect({
      from: '/partner',
      to: 'address',
      address: 'https://ÉXAMPLE.com/a b'.replace(' ', '%20'),
    })
    expect(elsewhere.address).toBe('https://xn--xample-9ua.com/a%20b')
    const ours = await createRedirect({ from: '/ours', to: 'address', address: `${siteOrigin()}/contact?x=1#form` })
    expect(ours.address).toBe('/contact?x=1#form')
  })

  it('keeps nothing of a refused redirect, however often it is sent', async () => {
    for (let attempt = 0; attempt < 3; attempt++)
      await saveRefusal(createRedirect({ from: '//evil.example', to: 'page' }))
    expect((await redirects()).some((redirect) => redirect.from.includes('evil'))).toBe(false)
  })
})
