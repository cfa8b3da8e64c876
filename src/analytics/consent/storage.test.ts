import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY, CONSENT_TAB_NAME_PREFIX } from './model'
import { readChoice, storeChoice } from './storage'

describe('a choice the browser refuses to store', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  /** A localStorage that keeps what it is given, or refuses every write as some private modes do. */
  function storage(refuses: boolean) {
    const kept = new Map<string, string>()
    return {
      kept,
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (refuses) throw new DOMException('refused', 'QuotaExceededError')
        kept.set(key, value)
      },
    }
  }

  /** Makes a tab named `name`, with such a localStorage, the page's globals. */
  function inTab(name: string, refuses: boolean) {
    const tab = { name }
    const store = storage(refuses)
    vi.stubGlobal('window', tab)
    vi.stubGlobal('localStorage', store)
    return { tab, store }
  }

  it('is kept in the tab’s name, and read back from there', () => {
    const { tab } = inTab('', true)
    storeChoice({ analytics: false, ads: false })
    expect(tab.name.startsWith(CONSENT_TAB_NAME_PREFIX)).toBe(true)
    expect(readChoice()).toEqual({ analytics: false, ads: false })
  })

  it('wins over an older choice that storage still holds', () => {
    const { store } = inTab('', true)
    store.kept.set(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ v: 1, analytics: true, ads: true, expires: Date.now() + CONSENT_MAX_AGE_MS }),
    )
    storeChoice({ analytics: false, ads: true })
    expect(readChoice()).toEqual({ analytics: false, ads: true })
  })

  it('leaves the tab’s name once storage takes a choice again', () => {
    const { tab } = inTab('', true)
    storeChoice({ analytics: false, ads: false })
    vi.stubGlobal('localStorage', storage(false))
    storeChoice({ analytics: true, ads: false })
    expect(tab.name).toBe('')
    expect(readChoice()).toEqual({ analytics: true, ads: false })
  })

  it('leaves a tab name that is not the site’s alone when storage takes the choice', () => {
    const { tab } = inTab('checkout-window', false)
    storeChoice({ analytics: true, ads: true })
    expect(tab.name).toBe('checkout-window')
  })

  it('expires after a year like a stored one', () => {
    inTab('', true)
    const madeAt = Date.now()
    storeChoice({ analytics: true, ads: true }, madeAt)
    expect(readChoice(madeAt + CONSENT_MAX_AGE_MS - 1)).toEqual({ analytics: true, ads: true })
    expect(readChoice(madeAt + CONSENT_MAX_AGE_MS)).toBeNull()
  })
})
