import Link from 'next/link'

/** The admin navigation's entry for the analytics dashboard. */
export function AnalyticsNavLink() {
  return (
    <Link href="/admin/analytics" className="nav__link" id="nav-analytics">
      <span className="nav__link-label">Analytics dashboard</span>
    </Link>
  )
}
