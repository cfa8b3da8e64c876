/**
 * The site's icon, drawn here and written into every page's head as a `data:` address. A file of
 * its own was one request on every first visit, and Chromium asked for it again after each
 * same-page address change (the scroll spy's hash), even with a year's cache: the front answered
 * it twice a visit (bench/visits.mjs). In the page it costs about 270 bytes before compression,
 * twice (the head and the router's data).
 * src/app/favicon.ico stays for browsers that show no SVG icon, and for /favicon.ico itself.
 */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#12325a"/><path d="M0 0h32L0 32z" fill="#b3202a"/></svg>'

/** The icon as an address the page's policy allows (img-src holds `data:`). */
export const SITE_ICON_URL = `data:image/svg+xml,${encodeURIComponent(SITE_ICON_SVG)}`
