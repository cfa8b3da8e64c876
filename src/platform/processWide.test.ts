import { describe, expect, it, vi } from 'vitest'
import { processWide } from './processWide'

/** A fresh copy of the module, as another bundle of the process would have. */
const anotherCopy = async () => {
  vi.resetModules()
  return (await import('./processWide')).processWide as typeof processWide
}

describe('processWide', () => {
  it('makes the value once and answers that same value on every later call', () => {
    const make = vi.fn(() => ({ count: 0 }))
    const first = processWide('test.made-once', make)
    first.count += 1
    expect(processWide('test.made-once', make)).toBe(first)
    expect(processWide('test.made-once', make).count).toBe(1)
    expect(make).toHaveBeenCalledTimes(1)
  })

  it('shares the value with every other copy of the module in the process', async () => {
    const here = processWide('test.shared', () => new Map<string, number>())
    const copy = await anotherCopy()
    expect(copy).not.toBe(processWide)
    expect(copy('test.shared', () => new Map<string, number>())).toBe(here)
  })

  it('keeps values of different names apart', () => {
    expect(processWide('test.one', () => ({}))).not.toBe(processWide('test.other', () => ({})))
  })

  it('keeps a value made as undefined or null instead of making it again', () => {
    const make = vi.fn(() => null)
    processWide('test.nothing', make)
    processWide('test.nothing', make)
    expect(make).toHaveBeenCalledTimes(1)
  })
})
