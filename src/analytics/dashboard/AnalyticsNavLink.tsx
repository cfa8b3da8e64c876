import Link from 'next/link'
import type { ServerProps } from 'payload'
import { hasRole, type Role } from '@/platform/access'

/** The admin navigation's entry for the analytics dashboard, shown to admins and editors. */
export function AnalyticsNavLink({ user }: ServerProps) {
  if (!hasRole(user as { roles?: Role[] | null } | undefined, 'admin', 'editor')) return null
  return (
    <Link href="/admin/analytics" className="nav__link" id="nav-analytics">
      <span className="nav__link-label">Analytics dashboard</span>
    </Link>
  )
}
