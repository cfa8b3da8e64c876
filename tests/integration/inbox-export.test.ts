// The submissions export over Payload's real REST handler on loopback: it follows the list's
// filter, writes form titles and option labels, neutralises formulas, and refuses bad filters.
import { describe, expect, it } from 'vitest'
import { BUSINESS_TIMEZONE, businessSpreadsheetTime } from '@/content/businessHours'
import { EXPORT_CSV_PATH } from '@/contact/admin/exportPath'
import { EXPORT_MESSAGES } from '@/contact/admin/csvExport'
import { summarise } from '@/contact/inbox/summary'
import { api, inbox, setUpInboxSuite, storedNamed, submitAs } from '../support/inbox'

setUpInboxSuite()

const exportWith = (query: string, role: Parameters<typeof api>[1] = 'admin') =>
  api(`${EXPORT_CSV_PATH}${query ? `?${query}` : ''}`, role)

describe('the submissions export', () => {
  it('exports only the submissions the list filter selects, with form titles and option labels', async () => {
    await submitAs('Exported Ella', { spam: true })
    await submitAs('Left Out Leo')
    const answer = await exportWith('where[deliveryStatus][equals]=spam')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/csv')
    const csv = await answer.text()
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain('"Your name"')
    expect(lines[0]).toContain('"County where the property is"')
    expect(lines[1]).toContain('"Contact us"')
    expect(lines[1]).toContain('"Franklin County"')
    expect(lines[1]).toContain('"Full title search (40 years or more)"')
    expect(lines[1]).toContain('"Residential (1–4 family), Vacant or farm land"')
    expect(lines[1]).not.toContain('"franklin"')
    expect(lines[1]).not.toContain('"115"')
    expect(csv).toContain('Exported Ella')
    expect(csv).not.toContain('Left Out Leo')
    const unfiltered = await exportWith('')
    expect(unfiltered.status).toBe(200)
    expect(unfiltered.headers.get('content-type')).toContain('text/csv')
    const everything = await unfiltered.text()
    expect(everything).toContain('"deliveryStatus"')
    expect(everything).toContain('Left Out Leo')
  })

  it('follows the list’s search box as well as its view, as the list applies it', async () => {
    await submitAs('Searched Sam', { spam: true })
    await submitAs('Searched Sue')
    await submitAs('Other Una', { spam: true })
    const both = await (await exportWith('where[deliveryStatus][equals]=spam&search=Searched')).text()
    expect(both).toContain('Searched Sam')
    expect(both).not.toContain('Searched Sue')
    expect(both).not.toContain('Other Una')
    const searchOnly = await (await exportWith('search=Searched%20Su')).text()
    expect(searchOnly).toContain('Searched Sue')
    expect(searchOnly).not.toContain('Searched Sam')
    for (const query of [`search=${'x'.repeat(201)}`, 'search[0]=a']) {
      const answer = await exportWith(query)
      expect(answer.status, query).toBe(400)
      expect(await answer.json()).toEqual({ error: EXPORT_MESSAGES.badFilter })
    }
  })

  it('writes its times in the business’s zone, naming it in the heading', async () => {
    const id = await submitAs('Timed Tom')
    const stored = await storedNamed('Timed Tom')
    const csv = await (await exportWith(`where[id][equals]=${id}`)).text()
    const [heading, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(heading).toContain(`"createdAt (${BUSINESS_TIMEZONE})"`)
    expect(row).toContain(`"${businessSpreadsheetTime(stored.createdAt)}"`)
    expect(row).not.toContain(stored.createdAt)
  })

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    await submitAs('=HYPERLINK("http://x") Fred')
    const csv = await (await exportWith('where[summary][like]=Fred')).text()
    expect(csv).toContain(`"'=HYPERLINK(""http://x"") Fred"`)
    expect(csv).not.toMatch(/(^|,)"[=+\-@]/m)
  })

  it('refuses a malformed filter with a plain 400, and anyone but an admin', async () => {
    for (const query of ['where=abc', 'where[nope][equals]=1', 'where[deliveryStatus][bogus]=x', 'where[0]=1']) {
      const answer = await exportWith(query)
      expect(answer.status, query).toBe(400)
      expect(await answer.json()).toEqual({ error: EXPORT_MESSAGES.badFilter })
    }
    expect((await exportWith('', null)).status).toBe(401)
    expect((await exportWith('', 'editor')).status).toBe(403)
    expect((await exportWith('', 'agent')).status).toBe(403)
  })
})

describe('the summary in the list', () => {
  it('is built for a message stored without one, whatever the form (as the chat’s offline form stores)', async () => {
    const doc = await inbox.payload.create({
      collection: 'form-submissions',
      data: {
        form: 115,
        data: [
          { name: 'name', value: 'Offline Olga' },
          { name: 'email', value: 'olga@example.com' },
          { name: 'message', value: 'Left while nobody was online.\nPlease call back.' },
        ],
      },
    })
    expect(doc.summary).toBe('Offline Olga <olga@example.com>: Left while nobody was online. Please call back.')
    expect((await storedNamed('Offline Olga')).id).toBe(doc.id)
  })

  it('falls back to the longest value, then to the form title, never to nothing', () => {
    const fields = [{ blockType: 'email', name: 'mail', label: 'Mail' }] as never
    expect(
      summarise(fields, [
        { name: 'mail', value: 'a@example.com' },
        { name: 'x', value: 'Long note' },
      ]),
    ).toBe('<a@example.com>: Long note')
    expect(summarise([], [], 'Callback')).toBe('A message sent with “Callback”')
  })
})
