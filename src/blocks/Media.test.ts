import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Media } from '@/payload-types'
import { focalPosition, MediaImage } from './Media'

const upload = (focal: Partial<Media>) =>
  ({ id: 1, alt: 'A deed', url: '/api/media/file/deed.webp', width: 1600, height: 900, ...focal }) as Media

describe('an uploaded image’s focal point', () => {
  it('keeps the part the editor marked in view when the image is cropped', () => {
    const html = renderToStaticMarkup(
      createElement(MediaImage, { media: upload({ focalX: 20, focalY: 70 }), sizes: '100vw', priority: true }),
    )
    expect(html).toContain('object-position:20% 70%')
  })

  it('leaves a centred image to the browser, and keeps the lazy fade', () => {
    const html = renderToStaticMarkup(
      createElement(MediaImage, { media: upload({ focalX: 50, focalY: 50 }), sizes: '100vw' }),
    )
    expect(html).not.toContain('object-position')
    expect(html).toContain('transition-duration')
  })

  it('reads a missing or out-of-range point safely', () => {
    expect(focalPosition({ focalX: null, focalY: undefined })).toBeNull()
    expect(focalPosition({ focalX: -20, focalY: 180 })).toBe('0% 100%')
    expect(focalPosition({ focalX: Number.NaN, focalY: 10.4 })).toBe('50% 10%')
  })
})
