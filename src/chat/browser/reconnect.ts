import { CHAT_RECONNECT_MAX_DELAY_MS, CHAT_RECONNECT_MAX_TRIES, CHAT_RECONNECT_MIN_DELAY_MS } from '../constants'

/** Delay before reconnect try `attempt` (1-based): 500 ms doubling to at most 5 s; null once tries run out. */
export function reconnectDelay(attempt: number): number | null {
  if (attempt > CHAT_RECONNECT_MAX_TRIES) return null
  return Math.min(CHAT_RECONNECT_MIN_DELAY_MS * 2 ** (attempt - 1), CHAT_RECONNECT_MAX_DELAY_MS)
}
