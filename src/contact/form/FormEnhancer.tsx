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
    return attachOnFirstUse(
      form,
      () =>
        import('./attachForm').then(
          ({ attachForm }) =>
            () =>
              attachForm(form, config),
        ),
      // A click inside the form is the visitor's own (a field, a button): never held back. A
      // submit is: it waits for the site's own checks instead of falling to the browser's.
      { holdClicks: false, holdSubmits: true },
    )
  }, [formElementId, config])
  return null
}
