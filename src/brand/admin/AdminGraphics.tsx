import type { ServerProps } from 'payload'
import { PayloadIcon, PayloadLogo } from '@payloadcms/ui/shared'
import { readSiteSettings } from '@/content/siteSettingsReader'
import { findLogo } from '../logo'

/** How tall the owner's logo stands on the admin's sign-in page, and in its nav. */
export const ADMIN_LOGO_HEIGHT_PX = 64
export const ADMIN_ICON_SIZE_PX = 28

async function ownerLogo(payload: ServerProps['payload']) {
  const settings = await readSiteSettings(payload).catch(() => null)
  const logo = settings ? await findLogo(payload, settings.appearance?.logo) : null
  return logo?.url ? { src: logo.url, alt: settings?.business?.name ?? logo.alt } : null
}

/** The sign-in page's graphic: the owner's logo when one is set, Payload's own otherwise. */
export async function AdminLogo({ payload }: ServerProps) {
  const logo = await ownerLogo(payload)
  if (!logo) return <PayloadLogo />
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the admin shows the upload as it is
    <img
      className="admin-brand-logo"
      src={logo.src}
      alt={logo.alt}
      style={{ height: ADMIN_LOGO_HEIGHT_PX, width: 'auto' }}
    />
  )
}

/** The nav's small graphic: the owner's logo when one is set, Payload's icon otherwise. */
export async function AdminIcon({ payload }: ServerProps) {
  const logo = await ownerLogo(payload)
  if (!logo) return <PayloadIcon />
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the admin shows the upload as it is
    <img
      className="admin-brand-icon"
      src={logo.src}
      alt={logo.alt}
      style={{ height: ADMIN_ICON_SIZE_PX, width: 'auto', maxWidth: 4 * ADMIN_ICON_SIZE_PX }}
    />
  )
}
