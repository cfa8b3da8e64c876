import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFirstAdmin } from '@/setup/firstAdmin'
import { seedIfEmpty } from '@/setup/seed'
import { CONTACT_FORM_ID } from '@/setup/seed/content/forms'
import { SEED_PAGES } from '@/setup/seed/content/pages'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

describe('seed content', () => {
  it('publishes every seeded page at its path', async () => {
    expect(await seedIfEmpty(payload)).toBe(true)
    const { docs } = await payload.find({ collection: 'pages', limit: 0, overrideAccess: false })
    const paths = docs.map((doc) => doc.path).sort()
    const expected = SEED_PAGES.map((page) => (page.key === 'home' ? '/' : `/${page.key}`)).sort()
    expect(paths).toEqual(expected)
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/services', '/counties', '/pricing', '/faq', '/about', '/contact']),
    )
    expect(paths.filter((p) => p?.startsWith('/services/')).length).toBeGreaterThanOrEqual(3)
  })

  it('creates the contact form as id 115 with message_3 of at least 50 characters and every county', async () => {
    const form = await payload.findByID({ collection: 'forms', id: CONTACT_FORM_ID })
    expect(form.id).toBe(115)
    const message = form.fields.find((field) => field.elementId === 'message_3')
    expect(message?.blockType).toBe('textarea')
    expect(message?.rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: 'minlength', param: '50' })]),
    )
    const county = form.fields.find((field) => field.name === 'county')
    expect(county?.blockType === 'select' && county.options.length).toBe(88)
    const service = form.fields.find((field) => field.name === 'service')
    expect(service?.blockType).toBe('select')
  })

  it('fills the header, footer and settings, consent denied at first in the regions with privacy laws', async () => {
    const header = await payload.findGlobal({ slug: 'header' })
    expect(header.items?.some((item) => (item.columns?.length ?? 0) > 0)).toBe(true)
    const settings = await payload.findGlobal({ slug: 'site-settings' })
    expect(settings.business.state).toBe('Ohio')
    expect(settings.analytics?.deniedRegions).toEqual(expect.arrayContaining(['DE', 'US-CA']))
    const media = await payload.count({ collection: 'media' })
    expect(media.totalDocs).toBeGreaterThan(0)
  })

  it('shows the phone, email, address and hours only from settings: footer link, page text, weekday hours', async () => {
    const settings = await payload.findGlobal({ slug: 'site-settings' })
    expect(settings.business.openingHours?.map(({ days, opens, closes }) => ({ days, opens, closes }))).toEqual([
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:00' },
    ])
    const footer = await payload.findGlobal({ slug: 'footer', depth: 0 })
    const links = (footer.columns ?? []).flatMap((column) => column.links ?? []).map((entry) => entry.link)
    expect(links).toContainEqual(expect.objectContaining({ kind: 'phone', label: 'Call' }))
    const contact = (await payload.find({ collection: 'pages', where: { path: { equals: '/contact' } } })).docs[0]
    const details = [...JSON.stringify(contact.layout).matchAll(/"blockType":"businessDetail","detail":"(\w+)"/g)]
    expect(details.map((match) => match[1]).sort()).toEqual(['address', 'email', 'hours', 'phone'])
    // No copy of a detail is left in seeded content, where a change in settings would not reach it.
    const { docs } = await payload.find({ collection: 'pages', limit: 0, depth: 0 })
    const header = await payload.findGlobal({ slug: 'header', depth: 0 })
    const content = JSON.stringify([docs, footer, header])
    for (const copy of [settings.business.phone!, '6145550142', settings.business.email!, 'Buckeye Row']) {
      expect(content).not.toContain(copy)
    }
  })

  it('does nothing when run again', async () => {
    const before = await payload.count({ collection: 'pages' })
    expect(await seedIfEmpty(payload)).toBe(false)
    expect((await payload.count({ collection: 'pages' })).totalDocs).toBe(before.totalDocs)
    expect((await payload.count({ collection: 'forms' })).totalDocs).toBe(1)
  })
})

describe('first admin', () => {
  it('is created once, with a random password that logs in', async () => {
    const first = await ensureFirstAdmin(payload, 'owner@example.com')
    expect(first?.password.length).toBeGreaterThanOrEqual(20)
    const login = await payload.login({
      collection: 'users',
      data: { email: 'owner@example.com', password: first!.password },
    })
    expect(login.user?.roles).toEqual(['admin'])
    expect(await ensureFirstAdmin(payload, 'owner@example.com')).toBeNull()
  })

  it('never gets the same password twice', async () => {
    const other = await startTestPayload()
    try {
      const again = await ensureFirstAdmin(other.payload, 'owner@example.com')
      const login = await payload
        .login({ collection: 'users', data: { email: 'owner@example.com', password: again!.password } })
        .catch(() => null)
      expect(login).toBeNull()
    } finally {
      await other.cleanup()
    }
  })
})

describe('a seed that fails halfway', () => {
  it('leaves nothing behind, so that the next start seeds the site again', async () => {
    const site = await startTestPayload()
    try {
      const cms = site.payload
      // A form already holding the contact form's id makes the seed fail after it stored the images.
      await cms.create({
        collection: 'forms',
        data: {
          id: CONTACT_FORM_ID,
          title: 'In the way',
          fields: [{ blockType: 'text', name: 'name', label: 'Name' }],
        } as never,
      })
      await expect(seedIfEmpty(cms)).rejects.toThrow()
      const count = async (collection: 'pages' | 'media' | 'forms') =>
        (await cms.count({ collection, overrideAccess: true })).totalDocs
      expect({ pages: await count('pages'), media: await count('media'), forms: await count('forms') }).toEqual({
        pages: 0,
        media: 0,
        forms: 1,
      })
      await cms.delete({ collection: 'forms', id: CONTACT_FORM_ID })
      expect(await seedIfEmpty(cms)).toBe(true)
      expect(await count('pages')).toBe(SEED_PAGES.length)
    } finally {
      await site.cleanup()
    }
  })
})
