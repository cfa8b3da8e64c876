'use client'

import { useEffect } from 'react'
import type { FormBehaviourConfig } from './attachForm'

/** Longest wait for an idle moment before the form's behaviour loads anyway. */
export const FORM_BEHAVIOUR_IDLE_TIMEOUT_MS = 2000

/**
 * Loads the form's behaviour after the page is idle, or at once when the visitor reaches the form,
 * so that it costs nothing before interaction. Until then the form works as plain HTML.
 */
export function FormEnhancer({ formElementId, config }: { formElementId: string; config: FormBehaviourConfig }) {
  useEffect(() => {
    const form = document.getElementById(formElementId)
    if (!(form instanceof HTMLFormElement)) return
    let detach: (() => void) | undefined
    let cancelled = false
    let started = false
    const start = () => {
      if (started) return
      started = true
      void import('./attachForm').then(({ attachForm }) => {
        if (!cancelled) detach = attachForm(form, config)
      })
    }
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(start, { timeout: FORM_BEHAVIOUR_IDLE_TIMEOUT_MS })
        : window.setTimeout(start, 0)
    form.addEventListener('focusin', start, { once: true })
    form.addEventListener('pointerdown', start, { once: true })
    return () => {
      cancelled = true
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
      form.removeEventListener('focusin', start)
      form.removeEventListener('pointerdown', start)
      detach?.()
    }
  }, [formElementId, config])
  return null
}
