import { ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'
import { agentStream } from '@/chat/server/http/agent'
import { chatHub } from '@/chat/server/live/hub'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { localBusinessJsonLd } from '@/site/structuredData'
import { agentToken, payload, setUpChatSuite, SITE, visitorPost } from '../support/chat'

setUpChatSuite({ seeded: true })

const OFFICE = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:00' }]
// 2026-11-23 is a Monday: 15:00 UTC is 10:00 in Ohio, 23:00 UTC is 18:00.
const MONDAY_MORNING = new Date('2026-11-23T15:00:00Z')
const MONDAY_EVENING = new Date('2026-11-23T23:00:00Z')

const setHours = (openingHours: unknown) =>
  payload.updateGlobal({ slug: 'site-settings', data: { business: { openingHours } } as never, depth: 0 })

/** The field errors a save was refused with; fails when it was accepted. */
async function refusal(save: Promise<unknown>): Promise<{ message: string; path: string }[]> {
  const error = await save.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).data.errors.map(({ message, path }) => ({ message, path }))
}

const savedHours = async () =>
  (await payload.findGlobal({ slug: 'site-settings', depth: 0 })).business.openingHours?.map(
    ({ days, opens, closes }) => ({ days, opens, closes }),
  )

describe('opening hours in site settings', () => {
  it('refuses bad rows with the path of each wrong field, and keeps the hours saved before', async () => {
    await setHours(OFFICE)
    const errors = await refusal(
      setHours([
        { days: ['mon', 'tue'], opens: '09:00', closes: '12:00' },
        { days: ['tue'], opens: '11:00', closes: '10:00' },
        { days: ['tue'], opens: '11:30', closes: '13:00' },
        { days: ['sun'], opens: '7:00', closes: '25:00' },
      ]),
    )
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'business.openingHours.1.closes', message: 'The closing time must be after the opening time.' },
        { path: 'business.openingHours.2.days', message: 'Tuesday overlaps row 1.' },
        { path: 'business.openingHours.3.opens', message: expect.stringContaining('HH:MM') },
        { path: 'business.openingHours.3.closes', message: expect.stringContaining('HH:MM') },
      ]),
    )
    expect(errors.map((error) => error.path)).not.toContain('business.openingHours.0.days')
    expect(await savedHours()).toEqual(OFFICE)
  })

  it('refuses hostile values: unknown days, markup, numbers, no days', async () => {
    for (const row of [
      { days: ['<script>'], opens: '09:00', closes: '10:00' },
      { days: ['mon'], opens: '<b>9</b>', closes: '10:00' },
      { days: ['mon'], opens: 900, closes: 1000 },
      { days: [], opens: '09:00', closes: '10:00' },
    ]) {
      const errors = await refusal(setHours([row]))
      expect(errors.every((error) => error.path.startsWith('business.openingHours.0.'))).toBe(true)
    }
    expect(await savedHours()).toEqual(OFFICE)
  })

  it('gives the rows and the phone to the structured data', async () => {
    await setHours(OFFICE)
    const data = localBusinessJsonLd(await payload.findGlobal({ slug: 'site-settings', depth: 0 }))
    expect(data.telephone).toBe('(614) 555-0142')
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: expect.arrayContaining(['https://schema.org/Monday']), opens: '08:30' }),
    ])
    expect(data).not.toHaveProperty('openingHours')
    await setHours([])
    expect(
      localBusinessJsonLd(await payload.findGlobal({ slug: 'site-settings', depth: 0 })).openingHoursSpecification,
    ).toBeUndefined()
  })
})

describe('chat availability', () => {
  it('is online only within the settings’ hours while an agent is online, and at any time without hours', async () => {
    const controller = new AbortController()
    const stream = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, {
        headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
        signal: controller.signal,
      }),
      payload,
    )
    expect(stream.status).toBe(200)
    try {
      // A visitor's request reads the settings in force, as on the site.
      const visit = () => visitorPost(newVisitorToken(), { action: 'typing' })
      await setHours(OFFICE)
      await visit()
      expect(chatHub().availability(MONDAY_MORNING)).toBe('online')
      expect(chatHub().availability(MONDAY_EVENING)).toBe('offline')

      await setHours([{ days: ['mon'], opens: '17:30', closes: '20:00' }])
      await visit()
      expect(chatHub().availability(MONDAY_MORNING)).toBe('offline')
      expect(chatHub().availability(MONDAY_EVENING)).toBe('online')

      await setHours([])
      await visit()
      expect(chatHub().availability(MONDAY_EVENING)).toBe('online')
    } finally {
      controller.abort()
      await setHours([])
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(chatHub().availability(MONDAY_MORNING)).toBe('offline')
  })
})
