import type { Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'
import { formatMessage, MESSAGES } from '@/forms/validation'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { handleLegacyPost } from '@/contact/server/legacyEndpoint'
import type { FormSubmission } from '@/payload-types'
import { createContactForm, validFields } from './contact'
import { startTestPayload } from './payload'

/** The suite's Payload and how many submissions the endpoints have accepted so far. */
export let payload: Payload
export let accepted = 0

/** Registers the contact endpoints' database: a new migrated Payload with the seeded contact form. */
export function setUpContactEndpointSuite() {
  let cleanup: (() => Promise<void>) | undefined
  beforeAll(async () => {
    ;({ payload, cleanup } = await startTestPayload())
    await createContactForm(payload)
  })
  afterAll(() => cleanup?.())
}

export const deps = () => ({ payload: async () => payload, onAccepted: () => void accepted++ })
export const contact = (request: Request) => handleContactPost(request, deps())
export const legacy = (request: Request) => handleLegacyPost(request, deps())

export const body = (overrides: Record<string, string | string[]> = {}, extra: Record<string, unknown> = {}) => ({
  formId: 115,
  fields: validFields(overrides),
  ...extra,
})

export async function storedWithName(name: string): Promise<FormSubmission[]> {
  const { docs } = await payload.find({ collection: 'form-submissions', where: { summary: { like: name } }, limit: 0 })
  return docs as FormSubmission[]
}

export const tooShort = formatMessage(MESSAGES.minlength, 50)
