import { describe, expect, it } from 'vitest'
import { clickPointerType, createLinkRouter, followsInPlace, type LinkRole, samePageDestination } from './linkRouter'

type Click = { link: string; destination: string | 'top' | null }

/** A router whose subscribers write down what they were asked, in order. */
function recordingRouter(takes: Partial<Record<string, boolean>> = {}) {
  const router = createLinkRouter<Click>()
  const asked: string[] = []
  const add = (role: LinkRole, name: string) =>
    router.subscribe(role, (click) => {
      asked.push(`${name}:${click.link}`)
      return takes[name] ?? false
    })
  return { router, asked, add }
}

describe('link router', () => {
  it('asks the roles in the order claim, prepare, dismiss, navigate whatever order they subscribed in', () => {
    const { router, asked, add } = recordingRouter({ scroll: true })
    add('navigate', 'scroll')
    add('dismiss', 'panel')
    add('prepare', 'accordion')
    add('claim', 'menu')
    expect(router.route({ link: 'a', destination: 'faq' })).toBe(true)
    expect(asked).toEqual(['menu:a', 'accordion:a', 'panel:a', 'scroll:a'])
  })

  it('lets a claimed click go no further', () => {
    const { router, asked, add } = recordingRouter({ menu: true })
    add('navigate', 'scroll')
    add('prepare', 'accordion')
    add('claim', 'menu')
    add('claim', 'backToTop')
    expect(router.route({ link: 'a', destination: 'faq' })).toBe(true)
    expect(asked).toEqual(['menu:a'])
  })

  it('shows a link that leaves the page to claimers only, and leaves it to the browser when none takes it', () => {
    const { router, asked, add } = recordingRouter()
    add('claim', 'menu')
    add('prepare', 'accordion')
    add('dismiss', 'panel')
    add('navigate', 'scroll')
    expect(router.route({ link: 'a', destination: null })).toBe(false)
    expect(asked).toEqual(['menu:a'])
  })

  it('ends the route at the first navigator that takes the click', () => {
    const { router, asked, add } = recordingRouter({ first: true })
    add('navigate', 'first')
    add('navigate', 'second')
    expect(router.route({ link: 'a', destination: 'top' })).toBe(true)
    expect(asked).toEqual(['first:a'])
  })

  it('still prepares and dismisses when no navigator takes the click, and leaves it to the browser', () => {
    const { router, asked, add } = recordingRouter()
    add('prepare', 'accordion')
    add('dismiss', 'panel')
    expect(router.route({ link: 'a', destination: 'faq' })).toBe(false)
    expect(asked).toEqual(['accordion:a', 'panel:a'])
  })

  it('stops asking a subscriber once it unsubscribes, and is empty after the last leaves', () => {
    const { router, asked, add } = recordingRouter()
    const leave = add('prepare', 'accordion')
    expect(router.empty).toBe(false)
    leave()
    expect(router.empty).toBe(true)
    router.route({ link: 'a', destination: 'faq' })
    expect(asked).toEqual([])
  })
})

describe('same-page destination of a link', () => {
  const here = 'https://example.test/services?ref=1'

  it('names the element a hash on this page points at, decoded', () => {
    expect(samePageDestination('https://example.test/services?ref=1#lien%20search', '#lien%20search', here)).toEqual({
      id: 'lien search',
    })
    expect(samePageDestination('/services?ref=1#faq', '/services?ref=1#faq', here)).toEqual({ id: 'faq' })
  })

  it('takes #top and a link to this page without a hash as the top of the page', () => {
    expect(samePageDestination('#top', '#top', here)).toBe('top')
    expect(samePageDestination('/services?ref=1', '/services?ref=1', here)).toBe('top')
  })

  it('leaves a bare "#" placeholder and an undecodable hash alone', () => {
    expect(samePageDestination('https://example.test/services?ref=1#', '#', here)).toBeNull()
    expect(samePageDestination('#%E0%A4%A', '#%E0%A4%A', here)).toBeNull()
  })

  it('leaves links to another path, query or origin to the browser', () => {
    expect(samePageDestination('/pricing#faq', '/pricing#faq', here)).toBeNull()
    expect(samePageDestination('/services?ref=2#faq', '/services?ref=2#faq', here)).toBeNull()
    expect(samePageDestination('https://other.test/services?ref=1#faq', null, here)).toBeNull()
  })
})

describe('a click that follows a link in place', () => {
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false }
  const link = (target = '', download = false) => ({
    target,
    hasAttribute: (name: string) => download && name === 'download',
  })

  it('is a plain primary click on a link for this tab', () => {
    expect(followsInPlace(plain, link())).toBe(true)
    expect(followsInPlace(plain, link('_self'))).toBe(true)
  })

  it('is not a click with a modifier key or another button', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
      expect(followsInPlace({ ...plain, [key]: true }, link())).toBe(false)
    expect(followsInPlace({ ...plain, button: 1 }, link())).toBe(false)
  })

  it('is not a click on a link for another window or a download', () => {
    expect(followsInPlace(plain, link('_blank'))).toBe(false)
    expect(followsInPlace(plain, link('', true))).toBe(false)
  })
})

describe('what made a click', () => {
  it("takes the click's own pointer type where the browser gives one", () => {
    expect(clickPointerType({ detail: 1, pointerType: 'mouse' }, 'touch')).toBe('mouse')
    expect(clickPointerType({ detail: 1, pointerType: 'pen' }, 'mouse')).toBe('pen')
  })

  it('falls back to the pointer last pressed, and to a key press when nothing was pressed', () => {
    expect(clickPointerType({ detail: 1 }, 'touch')).toBe('touch')
    expect(clickPointerType({ detail: 1, pointerType: '' }, 'mouse')).toBe('mouse')
    expect(clickPointerType({ detail: 0, pointerType: '' }, 'mouse')).toBe('')
  })
})
