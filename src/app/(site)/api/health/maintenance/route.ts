import { lastKnownBusiness } from '@/content/lastKnownBusiness'
import { getPublicSiteSettings } from '@/content/queries'
import { MAINTENANCE_PAGE_CSP, maintenancePageHtml } from '@/server/maintenancePage'

export const dynamic = 'force-dynamic'

/**
 * The page the front (nginx) shows when no instance answers, with the business's current name and
 * phone: the stack saves it when it starts (deploy/stack.mjs), a server's deploy likewise.
 */
export async function GET() {
  const business = await getPublicSiteSettings().then(
    (settings) => ({ name: settings.business.name, phone: settings.business.phone ?? '' }),
    () => lastKnownBusiness(),
  )
  return new Response(maintenancePageHtml(business), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': MAINTENANCE_PAGE_CSP,
    },
  })
}
