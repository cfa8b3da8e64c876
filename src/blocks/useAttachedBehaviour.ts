'use client'

import { useEffect, useRef } from 'react'

type Attach<T> = (root: T) => () => void

/**
 * Attaches a vanilla behaviour to the element behind the returned ref after hydration, and
 * detaches it on unmount. The markup stays server-rendered and works without JavaScript.
 *
 * The behaviour's code travels in the component's own file, not a file of its own loaded on
 * need: each of these is about a kilobyte compressed, less than what a request of its own costs
 * the visitor and the front (bench/visits.mjs).
 */
export function useAttachedBehaviour<T extends HTMLElement>(attach: Attach<T>) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (!ref.current) return
    return attach(ref.current)
  }, [attach])
  return ref
}
