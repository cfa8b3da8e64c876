/** Where an editor asks for a preview; `?path=` names the page. */
export const PREVIEW_ROUTE = '/api/preview'
/** Where a preview ends; `?path=` names the page to go back to. */
export const PREVIEW_EXIT_ROUTE = '/api/preview/exit'

/** The preview route for a page path, relative to the site's origin. */
export function previewHref(pagePath: string): string {
  return `${PREVIEW_ROUTE}?path=${encodeURIComponent(pagePath)}`
}

/** The way out of a preview, back to the published page at the same path. */
export function exitPreviewHref(pagePath: string): string {
  return `${PREVIEW_EXIT_ROUTE}?path=${encodeURIComponent(pagePath)}`
}
