import { describe, expect, it } from 'vitest'
import { isCurrentPath } from './currentPath'

describe('the menu entry of the page in view', () => {
  it('is the entry whose address is the page’s path', () => {
    expect(isCurrentPath('/pricing', '/pricing')).toBe(true)
    expect(isCurrentPath('/services', '/services/lien-search')).toBe(false)
    expect(isCurrentPath('/', '/')).toBe(true)
  })

  it('matches a path the router gives percent-encoded', () => {
    expect(isCurrentPath('/café-guide', '/caf%C3%A9-guide')).toBe(true)
  })

  it('never throws on a path that does not decode, and matches it only as it is', () => {
    expect(isCurrentPath('/%E0%A4%A', '/%E0%A4%A')).toBe(true)
    expect(isCurrentPath('/other', '/%E0%A4%A')).toBe(false)
  })

  it('leaves a link to a section of the page to the scroll spy, and marks nothing without a path', () => {
    expect(isCurrentPath('/#reviews', '/')).toBe(false)
    expect(isCurrentPath('/pricing', null)).toBe(false)
  })
})
