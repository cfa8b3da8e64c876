import type { CollectionBeforeChangeHook } from 'payload'
import type { Form, FormSubmission } from '@/payload-types'
import { findForm } from '../server/formCache'

/** The summary's length in the list: enough for a name, an address and the start of the message. */
export const SUMMARY_LENGTH = 160

type Fields = Form['fields']
type Data = NonNullable<FormSubmission['data']>

/**
 * "Name <email>: start of the message", from any form: the name is a text field called like one
 * (or the first text field), the message the first long text (or else the longest value).
 */
export function summarise(fields: Fields, data: Data, formTitle = 'form'): string {
  const values = new Map(data.map((item) => [item.name, (item.value ?? '').trim()]))
  const valueOf = (field?: Fields[number]) => (field ? (values.get(field.name) ?? '') : '')
  const texts = fields.filter((field) => field.blockType === 'text')
  const nameField = texts.find((field) => /name/i.test(field.name)) ?? texts[0]
  const email = valueOf(fields.find((field) => field.blockType === 'email'))
  let message = valueOf(fields.find((field) => field.blockType === 'textarea'))
  if (!message)
    message = [...values.values()].filter((value) => value !== email).sort((a, b) => b.length - a.length)[0] ?? ''
  const who = [valueOf(nameField), email && `<${email}>`].filter(Boolean).join(' ')
  const summary = [who, message.replace(/\s+/g, ' ')].filter(Boolean).join(': ')
  return (summary || `A message sent with “${formTitle}”`).slice(0, SUMMARY_LENGTH)
}

/** Every stored message gets a summary, whichever way it came in (contact form, chat's offline form, script). */
export const summariseOnCreate: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || (typeof data.summary === 'string' && data.summary.trim() !== '')) return data
  const formId = typeof data.form === 'object' && data.form ? data.form.id : data.form
  // The same cached read the submission path made a moment ago (src/contact/server/submit.ts).
  const form = formId ? await findForm(req.payload, Number(formId)) : null
  return { ...data, summary: summarise(form?.fields ?? [], data.data ?? [], form?.title) }
}
