import type { Payload } from 'payload'
import type { Form } from '@/payload-types'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { processWide } from '@/platform/processWide'

/**
 * How long a form read for a submission is reused (see src/platform/caches.ts); an edit clears this
 * process's copy at once (Forms afterChange) and another instance's within this time.
 */
export const FORM_CACHE_TTL_MS = SHORT_CACHE_MS.form

type FormCache = WeakMap<Payload, Map<number, { form: Form | null; at: number }>>
/**
 * One cache per process: Next bundles each route and Payload's hooks with copies of this module of
 * their own, and the Forms hook that forgets an edited form must reach the copy the contact route reads.
 */
const formCache = processWide<FormCache>('contact.form-cache', () => new WeakMap())

/** Forgets cached copies of a form after an editor changed it. */
export function forgetCachedForm(payload: Payload, formId: number | string): void {
  formCache.get(payload)?.delete(Number(formId))
}

function formsOf(payload: Payload) {
  let forms = formCache.get(payload)
  if (!forms) formCache.set(payload, (forms = new Map()))
  return forms
}

async function readForm(payload: Payload, formId: number): Promise<Form | null> {
  const form = (await payload.findByID({
    collection: 'forms',
    id: formId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as Form | null
  formsOf(payload).set(formId, { form, at: Date.now() })
  return form
}

/** Loads a form by id, or null when there is none. */
export async function findForm(payload: Payload, formId: number): Promise<Form | null> {
  const cached = formsOf(payload).get(formId)
  if (cached && Date.now() - cached.at < FORM_CACHE_TTL_MS) return cached.form
  return readForm(payload, formId)
}

/**
 * The form as it is now, for an answer that must show an edit made on any instance at once (the
 * chat's offline form): the cached copy while the form's updatedAt is the same, one small select,
 * else read again in full (the costly read, most of it building the query for its blocks).
 */
export async function findCurrentForm(payload: Payload, formId: number): Promise<Form | null> {
  const { docs } = await payload.find({
    collection: 'forms',
    where: { id: { equals: formId } },
    select: { updatedAt: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  if (docs.length === 0) return null
  const cached = formsOf(payload).get(formId)?.form
  if (cached && cached.updatedAt === docs[0].updatedAt) return cached
  return readForm(payload, formId)
}
