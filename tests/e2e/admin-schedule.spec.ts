import { expect, test, type APIRequestContext } from '@playwright/test'
import { BUSINESS_TIMEZONE } from '../../src/content/businessHours'
import { SCHEDULE_POLL_INTERVAL_MS } from '../../src/content/scheduling/constants'
import { adminToken } from './helpers'
import { openAdmin, signInAsAdmin } from './support/admin'

/**
 * How the schedule's time picker writes a time ("Nov 24, 2026 1:47 PM"), whole minutes only, in the
 * business's zone, which the schedule uses unless the editor picks another.
 */
function pickerTime(at: Date): { typed: string; clock: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIMEZONE,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  const clock = `${parts.hour}:${parts.minute} ${parts.dayPeriod}`
  return { typed: `${parts.month} ${parts.day}, ${parts.year} ${clock}`, clock }
}

/** The next whole minute at least this far ahead, the nearest time the picker takes. */
const LEAD_MS = 15_000
function nearestPickableTime(): Date {
  const at = new Date(Date.now() + LEAD_MS)
  at.setSeconds(0, 0)
  at.setMinutes(at.getMinutes() + 1)
  return at
}

const heading = async (request: APIRequestContext, path: string) => {
  const html = await (await request.get(path)).text()
  return /Before the schedule|After the schedule/.exec(html)?.[0] ?? null
}

// The editor's computer is in another zone than the business: the schedule still speaks the business's.
// A zone west of the business's: the picker refuses a day before the editor's own today, so from an
// editor east of it (Berlin) the business's today could not be typed once the editor's midnight had
// passed (23:00-05:00 UTC), and this test failed at those hours.
test.use({ timezoneId: 'America/Los_Angeles' })

// The picker takes whole minutes: the test waits up to a minute and a quarter for the time, plus a poll.
test.setTimeout(150_000)

test('a publish scheduled in the admin goes public at its time without anyone saving again', async ({
  context,
  request,
  page,
}) => {
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const slug = `scheduled-${Date.now()}`
  const created = await request.post('/api/pages', {
    headers: auth,
    data: {
      title: 'Scheduled page',
      slug,
      layout: [{ blockType: 'hero', heading: 'Before the schedule' }],
      _status: 'published',
    },
  })
  expect(created.ok()).toBe(true)
  const id = (await created.json()).doc.id
  try {
    const draft = await request.patch(`/api/pages/${id}?draft=true`, {
      headers: auth,
      data: { layout: [{ blockType: 'hero', heading: 'After the schedule' }] },
    })
    expect(draft.ok()).toBe(true)
    expect(await heading(request, `/${slug}`)).toBe('Before the schedule')

    await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/pages/${id}`)
    await page.locator('#action-save-popup button').first().click()
    await page.locator('#schedule-publish').click()
    const at = nearestPickableTime()
    const { typed, clock } = pickerTime(at)
    const picker = page.locator('.schedule-publish__scheduler .react-datepicker__input-container input')
    await picker.fill(typed)
    // Clicking the drawer's heading closes the calendar (Escape would close the drawer too).
    await page.locator('.schedule-publish__drawer-header h2').click()
    await page.locator('#scheduled-publish-save').click()
    const upcoming = page.locator('.schedule-publish__upcoming table')
    await expect(upcoming).toContainText(clock)
    // The schedule names the business's zone, whatever zone the editor's computer is in.
    await expect(upcoming).toContainText('Eastern Time')
    await expect(upcoming).not.toContainText('No value')

    expect(Date.now()).toBeLessThan(at.getTime())
    expect(await heading(request, `/${slug}`)).toBe('Before the schedule')
    await expect
      .poll(() => heading(request, `/${slug}`), {
        timeout: at.getTime() - Date.now() + SCHEDULE_POLL_INTERVAL_MS + 10_000,
        intervals: [500],
      })
      .toBe('After the schedule')
    // Not before the time the editor chose.
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
  } finally {
    await request.delete(`/api/pages/${id}`, { headers: auth })
  }
})
