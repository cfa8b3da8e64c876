import { exitPreviewHref } from '@/content/preview/links'
import { LIVE_PREVIEW_RELOAD_SCRIPT } from '@/content/preview/liveReload'
import { InlineScript } from '@/security/InlineScript'

/** Above the chat button and the back-to-top link, below nothing. */
const PREVIEW_BAR_Z_INDEX = 2147483000

/**
 * Shown on a page in draft mode only: says that the page is the latest draft and offers the way
 * out, and carries the live-preview reload script (public pages carry neither).
 */
export function PreviewBar({ path }: { path: string }) {
  return (
    <aside
      aria-label="Draft preview"
      className="preview-bar"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: PREVIEW_BAR_Z_INDEX,
        display: 'flex',
        gap: '0.75rem',
        justifyContent: 'center',
        alignItems: 'center',
        padding: '0.5rem 1rem',
        background: '#1f2937',
        color: '#ffffff',
        fontSize: '0.95rem',
      }}
    >
      <p style={{ margin: 0 }}>Previewing the latest draft</p>
      <span aria-hidden="true">·</span>
      <a href={exitPreviewHref(path)} style={{ color: '#ffffff', textDecoration: 'underline' }}>
        Exit preview
      </a>
      <InlineScript code={LIVE_PREVIEW_RELOAD_SCRIPT} />
    </aside>
  )
}
