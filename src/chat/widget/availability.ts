import { type Availability, availabilityOf } from '../protocol'

/** While the widget holds no live connection, it asks this often whether an agent is online. */
export const CHAT_AVAILABILITY_POLL_MS = 10_000
const AVAILABILITY_URL = '/api/chat/config?availability'

/** Whether an agent is online now, or null when the server could not say. */
export async function fetchAvailability(): Promise<Availability | null> {
  try {
    // The front shares one answer (s-maxage); the browser's cache is left out (see lookup.ts).
    const response = await fetch(AVAILABILITY_URL, { cache: 'no-store' })
    if (!response.ok) return null
    const answer = (await response.json()) as { availability?: unknown }
    return availabilityOf(answer.availability)
  } catch {
    return null
  }
}

/**
 * Keeps the launcher's "Chat with us" or "Leave a message" true on a page nobody has touched yet:
 * starts from `known` (what the configuration lookup just said) or else asks at once, then asks
 * every CHAT_AVAILABILITY_POLL_MS while `live()` says no stream tells us, and not while the tab is
 * hidden. Returns the function that stops it.
 */
export function pollAvailability(
  live: () => boolean,
  apply: (availability: Availability) => void,
  known: Availability | null = null,
): () => void {
  let stopped = false
  const ask = async () => {
    if (stopped || live() || document.visibilityState === 'hidden') return
    const availability = await fetchAvailability()
    if (availability && !stopped && !live()) apply(availability)
  }
  if (known) apply(known)
  else void ask()
  const timer = window.setInterval(() => void ask(), CHAT_AVAILABILITY_POLL_MS)
  return () => {
    stopped = true
    window.clearInterval(timer)
  }
}
