import { DefaultTemplate } from '@payloadcms/next/templates'
import { redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'
import { hasRole, type Role } from '@/platform/access'
import { DailyChart, RankedBars } from './charts'
import { type AnalyticsReport, DEFAULT_REPORT_PERIOD, REPORT_PERIODS, reportForLastDays } from './report'
import './dashboard.css'

/** The period asked for in `?days=`, one of the offered ones, else the default. */
export function requestedPeriod(value: unknown): number {
  const days = Number(Array.isArray(value) ? value[0] : value)
  return (REPORT_PERIODS as readonly number[]).includes(days) ? days : DEFAULT_REPORT_PERIOD
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="analytics-figure">
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en-US')}</dd>
    </div>
  )
}

function Dashboard({ report, days }: { report: AnalyticsReport; days: number }) {
  const { conversions } = report
  return (
    <div className="analytics-dashboard">
      <h1>Analytics</h1>
      <p>
        First-party, cookie-free counts from {report.period.from} to {report.period.to} (UTC).
      </p>
      <nav aria-label="Period" className="analytics-periods">
        {REPORT_PERIODS.map((option) => (
          <a key={option} href={`?days=${option}`} aria-current={option === days ? 'page' : undefined}>
            Last {option} days
          </a>
        ))}
      </nav>
      <dl className="analytics-figures">
        <Figure label="Visitors" value={report.visitors} />
        <Figure label="Sessions" value={report.sessions} />
        <Figure label="Page views" value={report.pageViews} />
        <Figure label="Messages received (inbox, spam left out)" value={conversions.contactSubmissions} />
        <Figure label="Chats started" value={conversions.chatsStarted} />
        <Figure label="Leads (contact messages accepted)" value={conversions.leads} />
        <Figure label="Purchases" value={conversions.purchases} />
      </dl>
      <p className="analytics-note">
        Messages received counts every message stored in the inbox, including offline chat messages. Leads and chats
        started are counted by the server when it accepts them, with or without JavaScript, except for visitors who send
        Do Not Track or Global Privacy Control, so leads can be lower than messages received.
      </p>
      <section className="analytics-card">
        <h2>Traffic per day</h2>
        <DailyChart points={report.daily} />
      </section>
      <div className="analytics-columns">
        <RankedBars title="Top pages" rows={report.topPages} unit="Page views" />
        <RankedBars title="Referrers" rows={report.referrers} unit="Page views" />
        <RankedBars title="Devices" rows={report.devices} unit="Visitors" />
      </div>
    </div>
  )
}

/** /admin/analytics: the first-party analytics dashboard, for admins and editors. */
export async function AnalyticsView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  const user = req.user as ({ roles?: Role[] | null } & NonNullable<typeof req.user>) | null
  if (!user) redirect('/admin/login?redirect=%2Fadmin%2Fanalytics')
  const allowed = hasRole(user, 'admin', 'editor')
  const days = requestedPeriod(searchParams?.days)
  const report = allowed ? await reportForLastDays(req.payload, days) : null
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <div className="gutter--left gutter--right">
        {report ? (
          <Dashboard report={report} days={days} />
        ) : (
          <p className="analytics-denied">Only administrators and editors can see the analytics dashboard.</p>
        )}
      </div>
    </DefaultTemplate>
  )
}
