'use client'

import { useEffect, useRef } from 'react'

type Attach<T> = (root: T) => () => void

/**
 * Attaches a vanilla behaviour to the element behind the returned ref after hydration, and
 * detaches it on unmount. The behaviour's code is loaded then, so only pages that hold the
 * element pay for it. The markup stays server-rendered and works without JavaScript.
 */
export function useAttachedBehaviour<T extends HTMLElement>(load: () => Promise<Attach<T>>) {
  const ref = useRef<T>(null)
  useEffect(() => {
    let detach: (() => void) | undefined
    let unmounted = false
    void load().then((attach) => {
      if (!unmounted && ref.current) detach = attach(ref.current)
    })
    return () => {
      unmounted = true
      detach?.()
    }
  }, [load])
  return ref
}
