import { describe, expect, it } from 'vitest'
import { closedLightbox, lightboxKeyAction, lightboxReducer, lightboxTitle, type LightboxState } from './lightboxModel'

const openAt = (index: number, count = 4): LightboxState =>
  lightboxReducer(closedLightbox(count), { type: 'open', index })

describe('the lightbox’s image', () => {
  it('opens on the thumbnail pressed', () => {
    expect(openAt(2)).toEqual({ open: true, index: 2, count: 4 })
  })

  it('moves to the next and previous image, wrapping at both ends', () => {
    expect(lightboxReducer(openAt(1), { type: 'next' }).index).toBe(2)
    expect(lightboxReducer(openAt(3), { type: 'next' }).index).toBe(0)
    expect(lightboxReducer(openAt(0), { type: 'previous' }).index).toBe(3)
  })

  it('jumps to the first and last image', () => {
    expect(lightboxReducer(openAt(2), { type: 'first' }).index).toBe(0)
    expect(lightboxReducer(openAt(0), { type: 'last' }).index).toBe(3)
  })

  it('does not move while closed, and closes keeping nothing open', () => {
    const closed = lightboxReducer(openAt(2), { type: 'close' })
    expect(closed.open).toBe(false)
    expect(lightboxReducer(closed, { type: 'next' })).toBe(closed)
  })
})

describe('the lightbox’s keys', () => {
  it('maps the arrows, Home and End, and leaves other keys (Escape, Tab, letters) to the page', () => {
    expect(lightboxKeyAction('ArrowRight')).toEqual({ type: 'next' })
    expect(lightboxKeyAction('ArrowLeft')).toEqual({ type: 'previous' })
    expect(lightboxKeyAction('Home')).toEqual({ type: 'first' })
    expect(lightboxKeyAction('End')).toEqual({ type: 'last' })
    for (const key of ['Escape', 'Tab', 'a', 'Enter']) expect(lightboxKeyAction(key)).toBeNull()
  })

  it('names the dialog by the gallery and the image’s place in it', () => {
    expect(lightboxTitle('Our office', openAt(1, 6))).toBe('Our office: image 2 of 6')
  })
})
