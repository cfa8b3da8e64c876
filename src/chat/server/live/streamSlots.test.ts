import { describe, expect, it } from 'vitest'
import { StreamSlots } from './streamSlots'

describe('stream slots', () => {
  it('refuses an address at its cap while another address is still served', () => {
    const slots = new StreamSlots(2, 10)
    expect('release' in slots.take('a')).toBe(true)
    expect('release' in slots.take('a')).toBe(true)
    expect(slots.take('a')).toEqual({ refused: 'address' })
    expect('release' in slots.take('b')).toBe(true)
    expect(slots.open).toBe(3)
  })

  it('refuses every address once the instance is full', () => {
    const slots = new StreamSlots(5, 2)
    slots.take('a')
    slots.take('b')
    expect(slots.take('c')).toEqual({ refused: 'instance' })
  })

  it('frees a slot once when released, however often release is called', () => {
    const slots = new StreamSlots(1, 10)
    const slot = slots.take('a')
    if (!('release' in slot)) throw new Error('refused')
    slot.release()
    slot.release()
    expect(slots.open).toBe(0)
    expect(slots.openFrom('a')).toBe(0)
    expect('release' in slots.take('a')).toBe(true)
  })
})
