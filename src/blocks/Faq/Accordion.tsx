'use client'

import { useEffect, useId, useState } from 'react'

export type AccordionItem = { key: string; anchor?: string | null; question: string; answer: string }

/**
 * WAI-ARIA accordion with one open item: opening one closes the others in the same group.
 * A link to an item's anchor opens it.
 */
export function Accordion({ items }: { items: AccordionItem[] }) {
  const baseId = useId()
  const [openKey, setOpenKey] = useState<string | null>(null)

  useEffect(() => {
    const openFromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1))
      const match = items.find((item) => item.anchor && item.anchor === hash)
      if (match) setOpenKey(match.key)
    }
    openFromHash()
    window.addEventListener('hashchange', openFromHash)
    return () => window.removeEventListener('hashchange', openFromHash)
  }, [items])

  return (
    <div className="accordion">
      {items.map((item) => {
        const open = item.key === openKey
        const buttonId = `${baseId}-button-${item.key}`
        const panelId = `${baseId}-panel-${item.key}`
        return (
          <div key={item.key} id={item.anchor ?? undefined} className={`accordion-item${open ? ' selected' : ''}`}>
            <h3 className="accordion-heading">
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
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion-panel" hidden={!open}>
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
