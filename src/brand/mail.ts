import type { Payload } from 'payload'
import type { SiteSetting } from '@/payload-types'
import { escapeHtml } from '@/security/html'
import { absoluteLogoUrl, readBrand } from './brand'

/** The logo at the top of the site's emails: an absolute address (a mail is read far from the site), raster. */
export type MailLogo = { url: string; alt: string }

/** How tall the logo stands in an email. */
export const MAIL_LOGO_HEIGHT_PX = 48

/** The owner's logo for an email, or null when none is set (the email then looks as it always did). */
export async function mailLogo(
  payload: Payload,
  settings: Pick<SiteSetting, 'appearance' | 'business'>,
): Promise<MailLogo | null> {
  const url = absoluteLogoUrl(await readBrand(payload, settings.appearance))
  return url ? { url, alt: settings.business?.name ?? '' } : null
}

/** The logo's paragraph for an email's HTML; empty without a logo. */
export const mailLogoHtml = (logo: MailLogo | null | undefined): string =>
  logo
    ? `<p><img src="${escapeHtml(logo.url)}" alt="${escapeHtml(logo.alt)}" height="${MAIL_LOGO_HEIGHT_PX}" style="height:${MAIL_LOGO_HEIGHT_PX}px;width:auto;border:0"></p>`
    : ''
