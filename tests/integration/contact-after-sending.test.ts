import { describe, expect, it } from 'vitest'
import { businessTime } from '@/content/businessHours'
import { DEFAULT_SENT_NOTE, sentNoteText } from '@/contact/afterSending/settings'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'
import { formPost, jsonPost, validFields } from '../support/contact'
import { body, contact, payload, setUpContactEndpointSuite, storedWithName } from '../support/contactEndpoints'

setUpContactEndpointSuite()

const layout = [{ blockType: 'hero', heading: 'Thank you' }]

async function thankYouPage(slug: string, status: 'published' | 'draft') {
  return payload.create({
    collection: 'pages',
    data: { title: `Thanks ${slug}`, slug, layout, _status: status } as never,
    draft: status === 'draft',
  })
}

/** Runs with the contact form changed, then puts it back as seeded. */
async function withForm(data: Record<string, unknown>, run: () => Promise<void>) {
  await payload.update({ collection: 'forms', id: 115, data })
  try {
    await run()
  } finally {
    await payload.update({
      collection: 'forms',
      id: 115,
      data: { sentNote: DEFAULT_SENT_NOTE, thankYouPage: null },
    })
  }
}

const noScriptParams = (name: string) => {
  const params = new URLSearchParams({ formId: '115' })
  for (const { name: field, value } of validFields({ name }))
    for (const item of Array.isArray(value) ? value : [value]) params.append(field, item)
  return params
}

describe('what a visitor is shown after a send', () => {
  it('the seeded form keeps today’s behaviour: the note on, no thank-you page, no confirmation email', async () => {
    const form = await payload.findByID({ collection: 'forms', id: 115, depth: 0 })
    expect(form.sentNote).toBe(DEFAULT_SENT_NOTE)
    expect(form.thankYouPage ?? null).toBeNull()
    expect(form.sendConfirmation).toBe(false)
  })

  it('answers a send with the form’s note, naming the time it was stored in the business’s zone', async () => {
    const response = await contact(await jsonPost(body({ name: 'Note Timed' })))
    expect(response.status).toBe(200)
    const answer = await response.json()
    const [stored] = await storedWithName('Note Timed')
    const sentTime = businessTime(stored.createdAt, { clockOnly: true })
    expect(answer).toEqual({ ok: true, note: sentNoteText(DEFAULT_SENT_NOTE, sentTime) })
    expect(answer.note).toBe(`Sent at ${sentTime}. We answer within one business day.`)
  })

  it('answers an editor’s own note, and none when the editor emptied it', async () => {
    await withForm({ sentNote: 'Received {time}, thank you.' }, async () => {
      const answer = await (await contact(await jsonPost(body({ name: 'Own Note' })))).json()
      expect(answer.note).toMatch(/^Received \d{1,2}:\d{2} [AP]M E[SD]T, thank you\.$/)
    })
    await withForm({ sentNote: '' }, async () => {
      expect(await (await contact(await jsonPost(body({ name: 'No Note' })))).json()).toEqual({ ok: true })
    })
  })

  it('sends a scripted and a no-JavaScript send to the form’s published thank-you page instead of the note', async () => {
    const page = await thankYouPage('thank-you', 'published')
    await withForm({ thankYouPage: page.id }, async () => {
      const answer = await (await contact(await jsonPost(body({ name: 'Thanked Json' })))).json()
      expect(answer).toEqual({ ok: true, thankYouPage: '/thank-you' })

      const response = await contact(await formPost(noScriptParams('Thanked Plain'), { tokenField: CSRF_FORM_FIELD }))
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/thank-you')
      expect(await storedWithName('Thanked Json')).toHaveLength(1)
      expect(await storedWithName('Thanked Plain')).toHaveLength(1)
    })
  })

  it('keeps the note and the sent notice while the thank-you page is unpublished', async () => {
    const page = await thankYouPage('thanks-draft', 'draft')
    await withForm({ thankYouPage: page.id }, async () => {
      const answer = await (await contact(await jsonPost(body({ name: 'Draft Thanks' })))).json()
      expect(answer).toEqual({ ok: true, note: expect.stringMatching(/^Sent at /) })
      const plain = await contact(await formPost(noScriptParams('Draft Plain'), { tokenField: CSRF_FORM_FIELD }))
      expect(plain.headers.get('location')).toBe('/contact#contact-form-115-sent')
    })
  })
})
