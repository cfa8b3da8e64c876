import type { CollectionAdminOptions, LivePreviewConfig } from 'payload'
import { previewHref } from './links'

/** The widths the live-preview pane offers besides its own size: a phone, a tablet, a desktop. */
export const LIVE_PREVIEW_BREAKPOINTS: NonNullable<LivePreviewConfig['breakpoints']> = [
  { name: 'phone', label: 'Phone', width: 375, height: 667 },
  { name: 'tablet', label: 'Tablet', width: 768, height: 1024 },
  { name: 'desktop', label: 'Desktop', width: 1440, height: 900 },
]

const pathOf = (doc: Record<string, unknown> | undefined) => (typeof doc?.path === 'string' ? doc.path : null)

/** The Preview button and the live-preview pane for documents whose public path `pathOfDoc` tells. */
export function previewAdminFor(
  pathOfDoc: (doc: Record<string, unknown> | undefined) => string | null,
): Pick<CollectionAdminOptions, 'preview' | 'livePreview'> {
  return {
    // Relative, so the button opens the preview at the address the admin is open at (and its session
    // cookie goes along), whatever SERVER_URL says.
    preview: (doc) => {
      const path = pathOfDoc(doc)
      return path ? previewHref(path) : null
    },
    livePreview: {
      url: ({ data }) => {
        const path = pathOfDoc(data)
        return path ? previewHref(path) : null
      },
      breakpoints: LIVE_PREVIEW_BREAKPOINTS,
    },
  }
}

/**
 * The Preview button and the live-preview pane of a page both open the preview route for the
 * page's path (src/content/preview/endpoint.ts): the latest draft, in draft mode. A page not yet
 * saved has no path, and no preview.
 */
export const pagePreviewAdmin = previewAdminFor(pathOf)
