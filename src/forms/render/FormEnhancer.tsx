'use client'

import { useEffect } from 'react'
import type { FormBehaviourConfig } from './attachForm'

/** What counts as the visitor reaching the form: the behaviour loads on the first of these. */
export const FORM_ARRIVAL_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const

/**
 * Loads the form's behaviour (validation engine, dropdowns, captcha) when the visitor first
 * reaches the form, so that it costs nothing before interaction. Until then the form is plain
 * HTML that sends without JavaScript; the dropdowns keep the same size when enhanced.
 */
export function FormEnhancer({ formElementId, config }: { formElementId: string; config: FormBehaviourConfig }) {
  useEffect(() => {
    const form = document.getElementById(formElementId)
    if (!(form instanceof HTMLFormElement)) return
    let detach: (() => void) | undefined
    let cancelled = false
    const start = () => {
      for (const type of FORM_ARRIVAL_EVENTS) form.removeEventListener(type, start)
      void import('./attachForm').then(({ attachForm }) => {
        if (!cancelled) detach = attachForm(form, config)
      })
    }
    for (const type of FORM_ARRIVAL_EVENTS) form.addEventListener(type, start, { passive: true })
    if (form.contains(document.activeElement) || form.matches(':hover')) start()
    return () => {
      cancelled = true
      for (const type of FORM_ARRIVAL_EVENTS) form.removeEventListener(type, start)
      detach?.()
    }
  }, [formElementId, config])
  return null
}
