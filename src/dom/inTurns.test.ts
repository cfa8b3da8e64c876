import { afterEach, describe, expect, it } from 'vitest'
import { attachInTurns, inNextTask } from './inTurns'

/** Long enough for every task a test has queued to have run (each is one message). */
const SETTLE_MS = 50
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

describe('attachInTurns', () => {
  const log: string[] = []
  const step = (name: string) => () => {
    log.push(`attach ${name}`)
    return () => log.push(`detach ${name}`)
  }
  afterEach(() => {
    log.length = 0
  })

  it('attaches the first at once and each of the others in a later task, in order', async () => {
    const first = () => {
      // Work the first step leaves for the end of its task runs before the second step starts.
      queueMicrotask(() => log.push('end of the first task'))
      return step('a')()
    }
    const allAttached = new Promise<void>((resolve) =>
      attachInTurns([first, step('b'), step('c')], () => {
        log.push('all')
        resolve()
      }),
    )
    expect(log).toEqual(['attach a'])
    await allAttached
    expect(log).toEqual(['attach a', 'end of the first task', 'attach b', 'attach c', 'all'])
  })

  it('stops the steps not yet attached and detaches the others, once', async () => {
    const stop = attachInTurns([step('a'), step('b'), step('c')], () => log.push('all'))
    stop()
    await settle()
    expect(log).toEqual(['attach a', 'detach a'])
  })

  it('says all are attached at once when there are none', () => {
    attachInTurns([], () => log.push('all'))
    expect(log).toEqual(['all'])
  })
})

describe('inNextTask', () => {
  it('runs after the task that asked, and not at all once cancelled', async () => {
    const log: string[] = []
    const ran = new Promise<void>((resolve) =>
      inNextTask(() => {
        log.push('kept')
        resolve()
      }),
    )
    const cancel = inNextTask(() => log.push('cancelled'))
    queueMicrotask(() => log.push('end of this task'))
    cancel()
    expect(log).toEqual([])
    await ran
    await settle()
    expect(log).toEqual(['end of this task', 'kept'])
  })
})
