import type { CustomerStatus } from '../constants'
import type { ChatEventView } from '../protocol'

/** This tab's chat window across page loads: open or not, and the conversation last shown. */
export const CHAT_WINDOW_MEMORY_KEY = 'chat:window'
/** The newest events remembered for the next page; the stream brings any older ones back. */
export const CHAT_REMEMBERED_EVENTS = 100

export type WindowMemory = {
  open: boolean
  ended: boolean
  status: CustomerStatus
  conversationId: number | null
  events: ChatEventView[]
  /** Events up to this id belong to chats put away; the stream's replay does not show them again. */
  shownAfter: number
}

const isMemory = (value: unknown): value is WindowMemory =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WindowMemory).open === 'boolean' &&
  Array.isArray((value as WindowMemory).events) &&
  typeof (value as WindowMemory).shownAfter === 'number'

/** What the last page of this tab left, or null (nothing, blocked storage, or a value not ours). */
export function readWindowMemory(): WindowMemory | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(CHAT_WINDOW_MEMORY_KEY) ?? 'null')
    return isMemory(value) ? value : null
  } catch {
    return null
  }
}

export function writeWindowMemory(memory: WindowMemory) {
  try {
    const events = memory.events.slice(-CHAT_REMEMBERED_EVENTS)
    window.sessionStorage.setItem(CHAT_WINDOW_MEMORY_KEY, JSON.stringify({ ...memory, events }))
  } catch {
    // storage may be blocked or full; the window then opens closed on the next page
  }
}

/** Whether this tab's last page had the chat window open (the loader then loads it at once). */
export const windowWasOpen = () => readWindowMemory()?.open === true
