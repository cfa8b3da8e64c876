'use client'

import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { subscribeToLinks } from '@/dom/linkRouter'
import { accordionKeyTarget, itemForHash } from './accordionModel'

export type AccordionItem = { key: string; anchor?: string | null; question: string; answer: string }

/**
 * WAI-ARIA accordion with one open item: opening one closes the others in the same group.
 * A link to an item's anchor (in the address bar on arrival, or clicked on the page) opens it
 * and scrolls to it. Panels are hidden by CSS only once scripts run, so without JavaScript
 * every answer is readable.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  const baseId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const [openKey, setOpenKey] = useState<string | null>(null)

  const openFromHash = useCallback(
    (hash: string, { scroll }: { scroll: boolean }) => {
      const match = itemForHash(items, hash)
      if (!match) return
      flushSync(() => setOpenKey(match.key))
      if (!scroll) return
      const item = document.getElementById(match.anchor ?? '')
      item?.scrollIntoView({ block: 'start' })
      item?.querySelector<HTMLButtonElement>('.accordion-toggle')?.focus({ preventScroll: true })
    },
    [items],
  )

  useEffect(() => {
    // Tells tests and styles that the toggles now respond.
    rootRef.current?.setAttribute('data-ready', '')
    openFromHash(window.location.hash, { scroll: true })
    const onHashChange = () => openFromHash(window.location.hash, { scroll: true })
    // Opens the item a same-page link names before the chrome scrolls to it (the router's order).
    const unsubscribe = subscribeToLinks('prepare', ({ link }) =>
      openFromHash(new URL(link.href).hash, { scroll: false }),
    )
    window.addEventListener('hashchange', onHashChange)
    window.addEventListener('popstate', onHashChange)
    return () => {
      window.removeEventListener('hashchange', onHashChange)
      window.removeEventListener('popstate', onHashChange)
      unsubscribe()
    }
  }, [openFromHash])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const toggles = Array.from(
      rootRef.current?.querySelectorAll<HTMLButtonElement>(':scope > .accordion-item .accordion-toggle') ?? [],
    )
    const from = toggles.indexOf(event.target as HTMLButtonElement)
    if (from < 0) return
    const to = accordionKeyTarget(event.key, from, toggles.length)
    if (to === null) return
    event.preventDefault()
    toggles[to].focus()
  }

  return (
    <div ref={rootRef} className="accordion" onKeyDown={onKeyDown}>
      {items.map((item) => {
        const open = item.key === openKey
        const buttonId = `${baseId}-button-${item.key}`
        const panelId = `${baseId}-panel-${item.key}`
        return (
          <div key={item.key} id={item.anchor ?? undefined} className={`accordion-item${open ? ' selected' : ''}`}>
            <Heading className="accordion-heading">
              <button
                type="button"
                id={buttonId}
                className="accordion-toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenKey(open ? null : item.key)}
              >
                {item.question}
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion-panel">
              {item.answer.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}
