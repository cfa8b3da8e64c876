'use client'

import { useEffect } from 'react'
import { attachOnFirstUse } from '@/dom/onFirstUse'
import type { FormBehaviourConfig } from './attachForm'

/**
 * Loads the form's behaviour (validation engine, dropdowns, captcha) when the visitor first
 * reaches the form, so that it costs nothing before interaction. Until then the form is plain
 * HTML that sends without JavaScript (a submit that arrives while the behaviour loads waits for
 * it); the dropdowns keep the same size when enhanced.
 */
export function FormEnhancer({ formElementId, config }: { formElementId: string; config: FormBehaviourConfig }) {
  useEffect(() => {
    const form = document.getElementById(formElementId)
    if (!(form instanceof HTMLFormElement)) return
    // The select (or its label) pressed while the behaviour loads: its dropdown opens on arrival,
    // so that the first tap opens it as it would once loaded.
    let pressed: HTMLSelectElement | null = null
    const notePress = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null
      const control = target?.closest('label')?.control ?? target?.closest('select')
      pressed = control instanceof HTMLSelectElement ? control : null
    }
    form.addEventListener('pointerdown', notePress, { capture: true, passive: true })
    const detach = attachOnFirstUse(
      form,
      () =>
        import('./attachForm').then(
          ({ attachForm }) =>
            () =>
              attachForm(form, config, pressed),
        ),
      // A click inside the form is the visitor's own (a field, a button): never held back. A
      // submit is: it waits for the site's own checks instead of falling to the browser's.
      { holdClicks: false, holdSubmits: true },
    )
    // From here a send is held for the behaviour (before, the page's scripts had not run: the
    // browser's own checks and plain post serve); the attribute says so to whoever waits for it.
    form.dataset.sendsHeld = 'true'
    return () => {
      delete form.dataset.sendsHeld
      form.removeEventListener('pointerdown', notePress, { capture: true })
      detach()
    }
  }, [formElementId, config])
  return null
}
