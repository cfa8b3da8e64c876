import { describe, expect, it } from 'vitest'
import { pagePreviewAdmin } from './adminPreview'

const previewUrlOf = (doc: Record<string, unknown>) =>
  (pagePreviewAdmin.preview as (doc: Record<string, unknown>, options: unknown) => string | null)(doc, {
    req: { origin: 'http://localhost:3000' },
  })

describe('the Preview button of a page', () => {
  it('opens the preview route on the address the admin is open at: a relative URL, whatever the configured origin', () => {
    expect(previewUrlOf({ path: '/about-us' })).toBe('/api/preview?path=%2Fabout-us')
  })

  it('is not offered for a page with no address yet', () => {
    expect(previewUrlOf({})).toBeNull()
  })
})
