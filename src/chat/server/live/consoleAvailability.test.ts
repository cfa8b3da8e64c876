import { describe, expect, it } from 'vitest'
import { createInProcessBus } from './bus'
import { ChatHub } from './hub'

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
})
