import type { Payload } from 'payload'
import { database, sql } from '@/platform/sql'
import { CHAT_STARTED_EVENT, LEAD_EVENT, PAGE_VIEW_EVENT } from '../events'
import { utcDay } from '../collector/visitor'

/** Periods the dashboard offers, in days ending today. */
export const REPORT_PERIODS = [7, 30, 90] as const
export const DEFAULT_REPORT_PERIOD = 30
/** Rows shown in the top-pages and referrer tables. */
export const TOP_LIST_LENGTH = 10

export type Period = { from: string; to: string }
export type DailyPoint = { day: string; views: number; visitors: number }
export type Ranked = { label: string; count: number }

export type AnalyticsReport = {
  period: Period
  visitors: number
  sessions: number
  pageViews: number
  conversions: { contactSubmissions: number; chatsStarted: number; leads: number; purchases: number }
  daily: DailyPoint[]
  topPages: Ranked[]
  referrers: Ranked[]
  devices: Ranked[]
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The `days` UTC days ending with the day of `now`. */
export function periodEnding(now: number, days: number): Period {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) }
}

/** Every day of the period, so that days without visits show as zero on the chart. */
function daysOf({ from, to }: Period): string[] {
  const days: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); utcDay(t) <= to; t += DAY_MS) days.push(utcDay(t))
  return days
}

const num = (value: unknown) => Number(value ?? 0)

/** Everything the dashboard shows for one period, in a handful of grouped queries over the day-indexed events. */
export async function analyticsReport(payload: Payload, period: Period): Promise<AnalyticsReport> {
  const db = database(payload)
  const inRange = sql`from analytics_events where day >= ${period.from} and day <= ${period.to}`
  const [totals, daily, pages, referrers, devices, submissions] = await Promise.all([
    db.all(sql`select count(distinct visitor) as visitors, count(distinct session) as sessions,
        sum(case when name = ${PAGE_VIEW_EVENT} then 1 else 0 end) as views,
        sum(case when name = ${CHAT_STARTED_EVENT} then 1 else 0 end) as chats,
        sum(case when name = ${LEAD_EVENT} then 1 else 0 end) as leads,
        sum(case when conversion then 1 else 0 end) as purchases ${inRange}`),
    db.all(sql`select day, sum(case when name = ${PAGE_VIEW_EVENT} then 1 else 0 end) as views,
        count(distinct visitor) as visitors ${inRange} group by day order by day`),
    db.all(sql`select path as label, count(*) as count ${inRange} and name = ${PAGE_VIEW_EVENT}
        group by path order by count desc, path limit ${TOP_LIST_LENGTH}`),
    db.all(sql`select referrer_host as label, count(*) as count ${inRange} and name = ${PAGE_VIEW_EVENT}
        and referrer_host is not null group by referrer_host order by count desc, referrer_host limit ${TOP_LIST_LENGTH}`),
    db.all(sql`select device as label, count(distinct visitor) as count ${inRange} and device is not null
        group by device order by count desc, device`),
    payload.count({
      collection: 'form-submissions',
      where: {
        and: [
          { createdAt: { greater_than_equal: `${period.from}T00:00:00.000Z` } },
          { createdAt: { less_than: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString() } },
          { deliveryStatus: { not_equals: 'spam' } },
        ],
      },
      overrideAccess: true,
    }),
  ])
  const byDay = new Map(daily.map((row) => [String(row.day), row]))
  const ranked = (rows: Record<string, unknown>[]) =>
    rows.map((row) => ({ label: String(row.label), count: num(row.count) }))
  const total = totals[0] ?? {}
  return {
    period,
    visitors: num(total.visitors),
    sessions: num(total.sessions),
    pageViews: num(total.views),
    conversions: {
      contactSubmissions: submissions.totalDocs,
      chatsStarted: num(total.chats),
      leads: num(total.leads),
      purchases: num(total.purchases),
    },
    daily: daysOf(period).map((day) => ({
      day,
      views: num(byDay.get(day)?.views),
      visitors: num(byDay.get(day)?.visitors),
    })),
    topPages: ranked(pages),
    referrers: ranked(referrers),
    devices: ranked(devices),
  }
}

/** The report for the last `days` days up to now. */
export const reportForLastDays = (payload: Payload, days: number, now = Date.now()) =>
  analyticsReport(payload, periodEnding(now, days))
