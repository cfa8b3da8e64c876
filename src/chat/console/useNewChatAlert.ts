'use client'

import { useEffect, useRef, useState } from 'react'
import { createChime } from '../browser/chime'

/** The console's title with the count of chats that arrived while the tab was hidden: "(2) Chat console". */
export const badgedTitle = (title: string, unseen: number) => (unseen > 0 ? `(${unseen}) ${title}` : title)
const BADGE = /^\(\d+\) /

/**
 * While the tab is hidden, each chat joining the queue adds one to the title's badge and chimes;
 * showing the tab again clears the badge.
 */
export function useNewChatAlert(queuedIds: number[]) {
  const [unseen, setUnseen] = useState(0)
  const known = useRef(new Set<number>())
  const chime = useRef<(() => void) | null>(null)

  useEffect(() => {
    const clearWhenShown = () => {
      if (document.visibilityState === 'visible') setUnseen(0)
    }
    document.addEventListener('visibilitychange', clearWhenShown)
    return () => document.removeEventListener('visibilitychange', clearWhenShown)
  }, [])

  const key = queuedIds.join(',')
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : []
    const fresh = ids.filter((id) => !known.current.has(id))
    known.current = new Set(ids)
    if (fresh.length === 0 || document.visibilityState !== 'hidden') return
    setUnseen((count) => count + fresh.length)
    chime.current ??= createChime()
    chime.current()
  }, [key])

  useEffect(() => {
    // Read at each change: the page's own title may arrive after this component first rendered.
    document.title = badgedTitle(document.title.replace(BADGE, ''), unseen)
  }, [unseen])
}
