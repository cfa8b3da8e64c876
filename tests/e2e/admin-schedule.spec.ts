import path from 'node:path'
import { createClient } from '@libsql/client'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { BUSINESS_TIMEZONE } from '../../src/content/businessHours'
import { SCHEDULE_PUBLISH_TASK } from '../../src/content/scheduling/constants'
import { adminToken, E2E_DATA_DIR } from './helpers'
import { openAdmin, signInAsAdmin } from './support/admin'

// That a job the Schedule drawer queues publishes the page at its time, once, with nobody saving again
// (and not before): tests/integration/pages-schedule.test.ts. Here, the editor's side: the drawer
// queues that job for the time typed, read in the business's zone, and the page stays as it was.

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

/**
 * The next whole minute at least this far ahead, a time the picker takes: far enough that the
 * scheduler cannot have run the job before the test has read it (nothing here waits for that time).
 */
const LEAD_MS = 60_000
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

/** How long a read or delete here waits for the running server to release the database. */
const BUSY_TIMEOUT_MS = 10_000

/**
 * The jobs queued for the page, as the server's scheduler finds them in the suite's database
 * (Payload's REST gives its jobs to nobody); with `remove`, they are deleted too.
 */
async function scheduledJobs(pageId: number, remove = false) {
  const client = createClient({ url: `file:${path.join(E2E_DATA_DIR, 'site.db')}` })
  try {
    await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
    const { rows } = await client.execute(
      'SELECT id, task_slug, input, wait_until FROM payload_jobs WHERE completed_at IS NULL',
    )
    const jobs = rows
      .map((row) => ({
        id: Number(row.id),
        task: row.task_slug,
        input: JSON.parse(String(row.input)),
        waitUntil: Date.parse(String(row.wait_until)),
      }))
      .filter((job) => job.input?.doc?.value === String(pageId))
    if (remove)
      for (const job of jobs) await client.execute({ sql: 'DELETE FROM payload_jobs WHERE id = ?', args: [job.id] })
    return jobs.map(({ task, input, waitUntil }) => ({ task, input, waitUntil }))
  } finally {
    client.close()
  }
}

// The editor's computer is in another zone than the business: the schedule still speaks the business's.
// A zone west of the business's: the picker refuses a day before the editor's own today, so from an
// editor east of it (Berlin) the business's today could not be typed once the editor's midnight had
// passed (23:00-05:00 UTC), and this test failed at those hours.
test.use({ timezoneId: 'America/Los_Angeles' })

test('a publish scheduled in the admin queues the page’s publish for the time typed, in the business’s zone', async ({
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

    expect(await scheduledJobs(id)).toEqual([
      {
        task: SCHEDULE_PUBLISH_TASK,
        // As tests/integration/pages-schedule.test.ts queues it, in the business's zone.
        input: expect.objectContaining({
          type: 'publish',
          doc: { relationTo: 'pages', value: String(id) },
          timezone: BUSINESS_TIMEZONE,
        }),
        waitUntil: at.getTime(),
      },
    ])
    expect(Date.now()).toBeLessThan(at.getTime())
    expect(await heading(request, `/${slug}`)).toBe('Before the schedule')
  } finally {
    await scheduledJobs(id, true)
    await request.delete(`/api/pages/${id}`, { headers: auth })
  }
})

test('the schedule dialog of a page never published opens on Publish, and of a published page on Unpublish', async ({
  context,
  request,
  page,
}) => {
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  const created = await request.post('/api/pages', {
    headers: auth,
    data: {
      title: 'Never published',
      slug: `never-published-${Date.now()}`,
      layout: [{ blockType: 'hero', heading: 'Not yet public' }],
      _status: 'draft',
    },
  })
  expect(created.ok()).toBe(true)
  const id = (await created.json()).doc.id
  const choice = (name: string) => page.getByRole('radio', { name, exact: true })
  try {
    await signInAsAdmin(context, request)
    await openAdmin(page, `/collections/pages/${id}`)
    await page.locator('#action-save-popup button').first().click()
    await page.locator('#schedule-publish').click()
    await expect(choice('Publish')).toBeChecked()
    await expect(choice('Unpublish')).not.toBeChecked()

    const published = await request.patch(`/api/pages/${id}`, { headers: auth, data: { _status: 'published' } })
    expect(published.ok()).toBe(true)
    await openAdmin(page, `/collections/pages/${id}`)
    await page.locator('#action-save-popup button').first().click()
    await page.locator('#schedule-publish').click()
    await expect(choice('Unpublish')).toBeChecked()
  } finally {
    await request.delete(`/api/pages/${id}`, { headers: auth })
  }
})
