'use client'

import { useEffect, useRef, useSyncExternalStore } from 'react'
import { createChime } from '../browser/chime'

/** The console's title with the count of visitors waiting: "(2) Chat console". */
export const badgedTitle = (title: string, waiting: number) => (waiting > 0 ? `(${waiting}) ${title}` : title)
const BADGE = /^\(\d+\) /

/** Where the agent's choice to silence the chime is kept, in this browser. */
export const CONSOLE_SOUND_KEY = 'chat-console-sound'

/** The visitors the queue holds, as the alert needs them. */
export type Waiting = { id: number; name: string }

/** Listeners of the console's alert settings: the sound choice and the notification permission. */
const settingListeners = new Set<() => void>()
const subscribeToSettings = (listener: () => void) => {
  settingListeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    settingListeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}
const settingsChanged = () => settingListeners.forEach((listener) => listener())

const readSoundOn = () => {
  try {
    return localStorage.getItem(CONSOLE_SOUND_KEY) !== 'off'
  } catch {
    return true
  }
}

/** Turns the chime on or off, remembered in this browser (on unless the agent turned it off). */
function chooseSound(on: boolean) {
  try {
    localStorage.setItem(CONSOLE_SOUND_KEY, on ? 'on' : 'off')
  } catch {
    // Storage refused (a private mode): nothing to remember it in.
  }
  settingsChanged()
}

export function useSoundChoice() {
  const soundOn = useSyncExternalStore(subscribeToSettings, readSoundOn, () => true)
  return [soundOn, chooseSound] as const
}

export type NotificationState = NotificationPermission | 'unsupported'

const readPermission = (): NotificationState => ('Notification' in window ? Notification.permission : 'unsupported')

/** Desktop notifications: the browser is asked only when the agent clicks to enable them. */
export function useDesktopNotifications() {
  const state = useSyncExternalStore(subscribeToSettings, readPermission, (): NotificationState => 'unsupported')
  const enable = async () => {
    if (!('Notification' in window)) return
    await Notification.requestPermission()
    settingsChanged()
  }
  return { state, enable }
}

function notifyWaiting(entry: Waiting) {
  const notice = new Notification('A visitor is waiting to chat', {
    body: `${entry.name || 'A visitor'} is in the queue.`,
    tag: `chat-queue-${entry.id}`,
  })
  notice.onclick = () => {
    window.focus()
    notice.close()
  }
}

/**
 * A visitor joining the queue is announced: the title counts the visitors waiting, a chime plays
 * (unless the agent silenced it) and, when the agent allowed them and the console is not in front,
 * a desktop notification names the visitor.
 */
export function useWaitingAlert(waiting: Waiting[], soundOn: boolean) {
  const known = useRef(new Set<number>())
  const chime = useRef<(() => void) | null>(null)
  const key = JSON.stringify(waiting)
  const count = waiting.length

  useEffect(() => {
    // Read at each change: the page's own title may arrive after this component first rendered.
    document.title = badgedTitle(document.title.replace(BADGE, ''), count)
  }, [count])

  useEffect(() => {
    const entries = JSON.parse(key) as Waiting[]
    const fresh = entries.filter((entry) => !known.current.has(entry.id))
    known.current = new Set(entries.map((entry) => entry.id))
    if (fresh.length === 0) return
    if (soundOn) {
      chime.current ??= createChime()
      chime.current()
    }
    const inFront = document.visibilityState === 'visible' && document.hasFocus()
    if (!inFront && readPermission() === 'granted') fresh.forEach(notifyWaiting)
  }, [key, soundOn])
}
