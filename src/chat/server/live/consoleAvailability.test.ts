import { describe, expect, it, vi } from 'vitest'
import { createInProcessBus, type StreamMessage } from './bus'
import { ChatHub, OPENING_HOURS_CHECK_MS } from './hub'

const WEEKDAYS_OFFICE = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:00' }]
/** A Sunday, and a Monday mid-morning, in the business's zone as in UTC. */
const SUNDAY_NOON = new Date('2026-11-29T17:00:00Z')
const MONDAY_MORNING = new Date('2026-11-23T15:00:00Z')

describe('what the console is told about the chat visitors see', () => {
  it('says that the opening hours keep the chat offline, though an agent is online', () => {
    const hub = new ChatHub(createInProcessBus(), { openingHours: () => WEEKDAYS_OFFICE })
    try {
      hub.agentConnected({ id: 1, name: 'Ada' })
      expect(hub.consoleAvailability(SUNDAY_NOON)).toEqual({ availability: 'offline', withinOpeningHours: false })
      expect(hub.consoleAvailability(MONDAY_MORNING)).toEqual({ availability: 'online', withinOpeningHours: true })
      hub.agentDisconnected(1)
      expect(hub.consoleAvailability(MONDAY_MORNING)).toEqual({ availability: 'offline', withinOpeningHours: true })
    } finally {
      hub.close()
    }
  })

  it('tells the agents’ consoles when the opening hours close the chat, with nothing else happening', () => {
    vi.useFakeTimers({ now: MONDAY_MORNING })
    const hub = new ChatHub(createInProcessBus(), { openingHours: () => WEEKDAYS_OFFICE })
    const heard: StreamMessage[] = []
    const stop = hub.subscribe((message) => heard.push(message))
    try {
      hub.agentConnected({ id: 1, name: 'Ada' })
      heard.length = 0
      // 17:00 in the business's zone, Eastern time: 22:00 UTC in November.
      vi.setSystemTime(new Date('2026-11-23T22:00:30Z'))
      vi.advanceTimersByTime(OPENING_HOURS_CHECK_MS)
      expect(heard).toContainEqual({
        kind: 'signal',
        audience: { kind: 'agents' },
        name: 'availability',
        data: { availability: 'offline', withinOpeningHours: false },
      })
    } finally {
      stop()
      hub.close()
      vi.useRealTimers()
    }
  })
})
