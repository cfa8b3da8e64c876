'use client'

import { useEffect, useRef } from 'react'

/**
 * Attaches a vanilla behaviour to the element behind the returned ref after hydration, and
 * detaches it on unmount. The markup stays server-rendered and works without JavaScript.
 */
export function useAttachedBehaviour<T extends HTMLElement>(attach: (root: T) => () => void) {
  const ref = useRef<T>(null)
  useEffect(() => (ref.current ? attach(ref.current) : undefined), [attach])
  return ref
}
