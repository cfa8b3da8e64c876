import { describe, expect, it } from 'vitest'
import { visitorIdentityGate } from './visitorIdentity'

/** A request whose answer the test gives when it likes; `started` says whether it has been sent. */
function heldRequest<Result>() {
  let answer!: (result: Result) => void
  const request = {
    started: false,
    send: () => {
      request.started = true
      return new Promise<Result>((resolve) => (answer = resolve))
    },
    answer: (result: Result) => answer(result),
  }
  return request
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the visitor identity gate', () => {
  it('sends a second request only once the first has been answered, then every request at once', async () => {
    const gate = visitorIdentityGate()
    const first = heldRequest<boolean>()
    const second = heldRequest<boolean>()
    const firstResult = gate(first.send, (ok) => ok)
    const secondResult = gate(second.send, (ok) => ok)
    await tick()
    expect(first.started).toBe(true)
    expect(second.started).toBe(false)
    first.answer(true)
    await tick()
    expect(second.started).toBe(true)
    second.answer(true)
    expect(await Promise.all([firstResult, secondResult])).toEqual([true, true])

    // Known now: two more go out together.
    const third = heldRequest<boolean>()
    const fourth = heldRequest<boolean>()
    void gate(third.send, (ok) => ok)
    void gate(fourth.send, (ok) => ok)
    await tick()
    expect([third.started, fourth.started]).toEqual([true, true])
  })

  it('keeps the next request waiting for its turn when the first was not answered by the server', async () => {
    const gate = visitorIdentityGate()
    const unreachable = heldRequest<boolean>()
    const next = heldRequest<boolean>()
    const after = heldRequest<boolean>()
    void gate(unreachable.send, (ok) => ok)
    void gate(next.send, (ok) => ok)
    void gate(after.send, (ok) => ok)
    await tick()
    unreachable.answer(false)
    await tick()
    expect([next.started, after.started]).toEqual([true, false])
    next.answer(true)
    await tick()
    expect(after.started).toBe(true)
  })

  it('lets a request go after the bound when the one before never answers', async () => {
    const gate = visitorIdentityGate(20)
    const stuck = heldRequest<boolean>()
    const next = heldRequest<boolean>()
    void gate(stuck.send, (ok) => ok)
    void gate(next.send, (ok) => ok)
    await tick()
    expect(next.started).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(next.started).toBe(true)
  })
})
