'use client'

import type { AgentPresence } from '../constants'
import type { ConsoleAvailability } from '../protocol'
import type { NotificationState } from './useWaitingAlert'

/** The agent's say over how a waiting visitor is announced: the chime, and desktop notifications. */
export function AlertControls(props: {
  soundOn: boolean
  onSoundChange: (on: boolean) => void
  notifications: { state: NotificationState; enable: () => Promise<void> }
}) {
  const { soundOn, onSoundChange, notifications } = props
  return (
    <div className="agent-alerts">
      <button
        type="button"
        className="agent-button agent-button--light"
        aria-pressed={soundOn}
        onClick={() => onSoundChange(!soundOn)}
      >
        Sound for new chats
        {/* The state for the eye; assistive technology reads aria-pressed. */}
        <span aria-hidden="true" className="agent-alerts-state">
          {soundOn ? 'on' : 'off'}
        </span>
      </button>
      {notifications.state === 'default' && (
        <button type="button" className="agent-button agent-button--light" onClick={() => void notifications.enable()}>
          Enable notifications
        </button>
      )}
      {notifications.state === 'denied' && (
        <p className="agent-alerts-note">Notifications are blocked in this browser’s site settings.</p>
      )}
    </div>
  )
}

/**
 * What the console says when visitors see the chat as offline although this agent is online:
 * outside opening hours, or with nobody online; nothing otherwise.
 */
export function availabilityNoticeText(availability: ConsoleAvailability | null, myPresence: AgentPresence): string {
  if (!availability) return ''
  if (!availability.withinOpeningHours) {
    return 'Outside opening hours: visitors see the chat as offline and can only leave a message.'
  }
  if (availability.availability === 'offline' && myPresence === 'online') return 'Visitors see the chat as offline.'
  return ''
}

export function AvailabilityNotice(props: { availability: ConsoleAvailability | null; myPresence: AgentPresence }) {
  const { availability, myPresence } = props
  return (
    <p className="agent-availability" role="status" data-availability={availability?.availability}>
      {availabilityNoticeText(availability, myPresence)}
    </p>
  )
}
