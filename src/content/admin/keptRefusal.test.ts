import { describe, expect, it } from 'vitest'
import { keptRefusal } from './keptRefusal'

const CLASH = 'Another page already has the address /pricing.'
const refused = { shownError: CLASH, slug: 'pricing', parent: 7, savedAt: '2026-11-30T09:00:00.000Z' }

describe('the slug field keeps a refusal', () => {
  it('takes the error the form shows now', () => {
    expect(keptRefusal(undefined, refused)).toEqual({
      message: CLASH,
      slug: 'pricing',
      parent: '7',
      savedAt: '2026-11-30T09:00:00.000Z',
    })
  })

  it('keeps it when a later form check of the same slug and parent shows nothing', () => {
    const kept = keptRefusal(undefined, refused)
    expect(keptRefusal(kept, { ...refused, shownError: undefined })).toBe(kept)
  })

  it('gives back the kept refusal itself while the form shows the same error (the field settles)', () => {
    const kept = keptRefusal(undefined, refused)
    expect(keptRefusal(kept, refused)).toBe(kept)
  })

  it('takes a newer error in place of the kept one', () => {
    const kept = keptRefusal(undefined, refused)
    const other = 'Use lower-case letters, digits and single dashes.'
    expect(keptRefusal(kept, { ...refused, slug: 'Pricing', shownError: other })?.message).toBe(other)
  })

  it('lets it go once the slug is changed', () => {
    const kept = keptRefusal(undefined, refused)
    expect(keptRefusal(kept, { ...refused, shownError: undefined, slug: 'pricing-2' })).toBeUndefined()
  })

  it('lets it go once the parent is changed, or taken away', () => {
    const kept = keptRefusal(undefined, refused)
    expect(keptRefusal(kept, { ...refused, shownError: undefined, parent: 8 })).toBeUndefined()
    expect(keptRefusal(kept, { ...refused, shownError: undefined, parent: null })).toBeUndefined()
  })

  it('lets it go once a save goes through', () => {
    const kept = keptRefusal(undefined, refused)
    const later = { ...refused, shownError: undefined, savedAt: '2026-11-30T09:05:00.000Z' }
    expect(keptRefusal(kept, later)).toBeUndefined()
  })

  it('reads the same parent given as an id or as the page itself alike, and no parent as none', () => {
    const kept = keptRefusal(undefined, refused)
    expect(keptRefusal(kept, { ...refused, shownError: undefined, parent: { id: 7, slug: 'services' } })).toBe(kept)
    const atTop = keptRefusal(undefined, { ...refused, parent: '' })
    expect(keptRefusal(atTop, { ...refused, shownError: undefined, parent: undefined })).toBe(atTop)
  })
})
