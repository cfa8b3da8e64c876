import type { Payload } from 'payload'
import type { Form } from '@/payload-types'

/**
 * How long a form read for a submission is reused. Reading a form with its blocks is the costliest
 * query of a submission; an edit clears this process's copy at once (Forms afterChange) and another
 * instance's within this time.
 */
export const FORM_CACHE_TTL_MS = 10_000

const formCache = new WeakMap<Payload, Map<number, { form: Form | null; at: number }>>()

/** Forgets cached copies of a form after an editor changed it. */
export function forgetCachedForm(payload: Payload, formId: number | string): void {
  formCache.get(payload)?.delete(Number(formId))
}

/** Loads a form by id, or null when there is none. */
export async function findForm(payload: Payload, formId: number): Promise<Form | null> {
  let forms = formCache.get(payload)
  if (!forms) formCache.set(payload, (forms = new Map()))
  const cached = forms.get(formId)
  if (cached && Date.now() - cached.at < FORM_CACHE_TTL_MS) return cached.form
  const form = (await payload.findByID({
    collection: 'forms',
    id: formId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as Form | null
  forms.set(formId, { form, at: Date.now() })
  return form
}
