// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AfterPress, holdWhilePressed, PRESS_CLICK_WAIT_MS } from './afterPress'

const fire = (type: string) => document.body.dispatchEvent(new Event(type, { bubbles: true }))

describe('work held while a press is under way', () => {
  let afterPress: AfterPress
  let runs: string[]
  const job = (name: string) => () => runs.push(name)

  beforeEach(() => {
    vi.useFakeTimers()
    runs = []
    afterPress = holdWhilePressed(document)
  })
  afterEach(() => {
    afterPress.stop()
    vi.useRealTimers()
  })

  it('runs at once when no pointer is down (leaving a field by the keyboard)', () => {
    afterPress.run({}, job('check'))
    expect(runs).toEqual(['check'])
  })

  it('waits for the press to end in its click, and runs after the click has been handled', () => {
    fire('pointerdown')
    afterPress.run({}, job('check'))
    fire('pointerup')
    expect(runs).toEqual([])
    fire('click')
    expect(runs).toEqual([])
    vi.advanceTimersByTime(0)
    expect(runs).toEqual(['check'])
  })

  it('runs once for a key given twice during one press', () => {
    const field = {}
    fire('pointerdown')
    afterPress.run(field, job('first'))
    afterPress.run(field, job('second'))
    fire('pointerup')
    fire('click')
    vi.advanceTimersByTime(0)
    expect(runs).toEqual(['second'])
  })

  it('runs when the press is cancelled (the finger scrolled instead)', () => {
    fire('pointerdown')
    afterPress.run({}, job('check'))
    fire('pointercancel')
    expect(runs).toEqual(['check'])
  })

  it(`runs ${PRESS_CLICK_WAIT_MS} ms after a release that brings no click`, () => {
    fire('pointerdown')
    afterPress.run({}, job('check'))
    fire('pointerup')
    vi.advanceTimersByTime(PRESS_CLICK_WAIT_MS - 1)
    expect(runs).toEqual([])
    vi.advanceTimersByTime(1)
    expect(runs).toEqual(['check'])
  })

  it('forgets held work that is dropped before the press ends', () => {
    fire('pointerdown')
    afterPress.run({}, job('check'))
    afterPress.drop()
    fire('pointerup')
    fire('click')
    vi.advanceTimersByTime(PRESS_CLICK_WAIT_MS)
    expect(runs).toEqual([])
  })

  it('holds nothing once stopped', () => {
    afterPress.stop()
    fire('pointerdown')
    afterPress.run({}, job('check'))
    expect(runs).toEqual(['check'])
  })
})
