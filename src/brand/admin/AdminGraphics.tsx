import type { ServerProps } from 'payload'
import type { ReactNode } from 'react'
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

/** The owner's logo at a set height, or Payload's own graphic when none is set. */
async function OwnerGraphic({
  payload,
  height,
  fallback,
}: Pick<ServerProps, 'payload'> & { height: number; fallback: ReactNode }) {
  const logo = await ownerLogo(payload)
  if (!logo) return fallback
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the admin shows the upload as it is
    <img
      className="admin-brand-logo"
      src={logo.src}
      alt={logo.alt}
      style={{ height, width: 'auto', maxWidth: '100%' }}
    />
  )
}

/** The sign-in page's graphic: the owner's logo when one is set, Payload's own otherwise. */
export const AdminLogo = ({ payload }: ServerProps) => (
  <OwnerGraphic payload={payload} height={ADMIN_LOGO_HEIGHT_PX} fallback={<PayloadLogo />} />
)

/** The nav's small graphic: the owner's logo when one is set, Payload's icon otherwise. */
export const AdminIcon = ({ payload }: ServerProps) => (
  <OwnerGraphic payload={payload} height={ADMIN_ICON_SIZE_PX} fallback={<PayloadIcon />} />
)
