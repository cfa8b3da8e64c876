'use client'

import type { ReactNode } from 'react'
import { useAttachedBehaviour } from '../useAttachedBehaviour'

const load = () => import('./progressCounter').then((behaviour) => behaviour.attachProgressCounters)

/** The list of counters; they count up once they come into view. */
export function ProgressCounters({ children }: { children: ReactNode }) {
  const ref = useAttachedBehaviour<HTMLUListElement>(load)
  return (
    <ul ref={ref} className="stats" role="list">
      {children}
    </ul>
  )
}
