import { useRef } from 'react'

/** Returns a function that calls `signal` at most once per `intervalMs`, however often it is called (on each key). */
export function useTypingSignal(intervalMs: number, signal: () => void) {
  const lastSent = useRef(0)
  return () => {
    if (Date.now() - lastSent.current <= intervalMs) return
    lastSent.current = Date.now()
    signal()
  }
}
