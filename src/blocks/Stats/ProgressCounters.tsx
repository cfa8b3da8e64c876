'use client'

import type { ReactNode } from 'react'
import { useAttachedBehaviour } from '../useAttachedBehaviour'
import { attachProgressCounters } from './progressCounter'

/** The list of counters; they count up once they come into view. */
export function ProgressCounters({ children }: { children: ReactNode }) {
  const ref = useAttachedBehaviour<HTMLUListElement>(attachProgressCounters)
  return (
    <ul ref={ref} className="stats" role="list">
      {children}
    </ul>
  )
}
