import { SCRIPTLESS_PAGE_CSP } from '@/security/headers'
import { escapeHtml } from '@/security/html'
import { telHref } from '@/content/fields/linkHref'
import type { BusinessContact } from '@/content/lastKnownBusiness'

/** Seconds a visitor (or a crawler) is asked to wait while the site is down. */
export const MAINTENANCE_RETRY_AFTER_S = 30

/** The only policy the maintenance page needs: its own inline styles, nothing else. */
export const MAINTENANCE_PAGE_CSP = SCRIPTLESS_PAGE_CSP

/**
 * The page every visitor gets while the site cannot build its pages (the database is down): the
 * site's colours and words, the business's phone, no scripts and nothing fetched, so that it can
 * be sent by the app and by the front (nginx) alike.
 */
export function maintenancePageHtml({ name, phone }: BusinessContact): string {
  const business = escapeHtml(name)
  const call = phone
    ? `<p>To reach us now, call <a href="${escapeHtml(telHref(phone))}">${escapeHtml(phone)}</a>.</p>`
    : ''
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>We’ll be right back | ${business}</title>
<style>
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#f5f7fa}
header{background:#12325a;color:#fff;padding:1rem 1.25rem;font-weight:700;font-size:1.25rem}
main{max-width:40rem;margin:3rem auto;padding:0 1.25rem}
h1{color:#12325a;font-size:1.75rem;line-height:1.25}
a{color:#0b5cad;font-weight:600}
</style>
</head>
<body>
<header>${business}</header>
<main>
<h1>We’ll be right back</h1>
<p>Our website is having a short technical problem, and this page could not be shown. Nothing you did caused it, and it usually clears within a few minutes.</p>
${call}
<p>Please try again shortly.</p>
</main>
</body>
</html>
`
}
