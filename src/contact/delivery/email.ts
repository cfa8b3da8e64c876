import { defaultSenderAddress } from '@/platform/email'
import type { Form, FormSubmission, SiteSetting } from '@/payload-types'
import { type MailLogo, mailLogoHtml } from '@/brand/mail'
import { escapeHtml } from '@/security/html'
import {
  BUSINESS_NAME_PLACEHOLDER,
  DEFAULT_CONFIRMATION_SUBJECT,
  DEFAULT_CONFIRMATION_TEXT,
  NAMELESS_GREETING,
  VISITOR_NAME_PLACEHOLDER,
} from '../afterSending/settings'

/** Any control character: none may reach a mail header. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const HEADER_TEXT_LIMIT = 200

/** Text fit for a header: one line, no control characters, bounded. */
export function headerText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().slice(0, HEADER_TEXT_LIMIT)
}

/** An address usable as a header: a single plain mailbox, nothing that could open a second header. */
export function safeAddress(value: string | null | undefined): string | null {
  if (!value) return null
  const address = value.trim()
  if (address.length > 254 || /[\s<>,;"()\\]/.test(address) || HAS_CONTROL_CHARACTER.test(address)) return null
  return /^[^@]+@[^@]+\.[^@]+$/.test(address) ? address : null
}

/** Who the site's mail comes from: the configured address (or MAIL_FROM, or website@ the site's domain), named after the business. */
export function siteSender(settings: Pick<SiteSetting, 'contact' | 'business'>): { address: string; name: string } {
  return {
    address: safeAddress(settings.contact?.fromAddress) ?? safeAddress(process.env.MAIL_FROM) ?? defaultSenderAddress(),
    name: headerText(settings.business?.name || 'Website'),
  }
}

type Entry = { label: string; value: string }

/** A stored value under its field name, as it was kept. */
const asStored = (item: NonNullable<FormSubmission['data']>[number]): Entry => ({
  label: item.name,
  value: item.value ?? '',
})

/**
 * The submitted values in the form's field order, labelled as the visitor saw them, then any value
 * stored under a name the form no longer has (a field renamed or removed since), under that name;
 * when the form is gone, all as stored.
 */
export function labelledEntries(form: Pick<Form, 'fields'> | null, submission: Pick<FormSubmission, 'data'>): Entry[] {
  if (!form) return (submission.data ?? []).map(asStored)
  const values = new Map<string, string>()
  for (const item of submission.data ?? []) values.set(item.name, item.value ?? '')
  const fieldNames = new Set(form.fields.map((field) => field.name))
  const known = form.fields.map((field) => {
    let value = values.get(field.name) ?? ''
    if (field.blockType === 'select' || field.blockType === 'radio') {
      const labels = new Map(field.options.map((option) => [option.value, option.label]))
      value = value
        .split('\n')
        .map((item) => labels.get(item) ?? item)
        .join(', ')
    }
    if (field.blockType === 'checkbox') value = value ? 'Yes' : 'No'
    return { label: field.label, value }
  })
  return [...known, ...(submission.data ?? []).filter((item) => !fieldNames.has(item.name)).map(asStored)]
}

/** The first valid address the visitor gave in an email field. */
export function visitorEmail(form: Pick<Form, 'fields'>, submission: Pick<FormSubmission, 'data'>): string | null {
  const emailField = form.fields.find((field) => field.blockType === 'email')
  if (!emailField) return null
  return safeAddress(submission.data?.find((item) => item.name === emailField.name)?.value)
}

export type MailContent = { subject: string; text: string; html: string }

function render(title: string, intro: string, entries: Entry[], footer: string, logo?: MailLogo | null): MailContent {
  const text = [intro, '', ...entries.map((entry) => `${entry.label}:\n${entry.value || '—'}\n`), footer].join('\n')
  const rows = entries
    .map(
      (entry) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(entry.label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(entry.value || '—')}</td></tr>`,
    )
    .join('')
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">${mailLogoHtml(logo)}` +
    `<p>${escapeHtml(intro)}</p><table>${rows}</table><p style="color:#555">${escapeHtml(footer)}</p></body></html>`
  return { subject: headerText(title), text, html }
}

/** The message the business receives, under the owner's logo when one is set. */
export function staffEmail(form: Form, submission: FormSubmission, logo?: MailLogo | null): MailContent {
  const page = submission.pageUrl ? `Sent from ${submission.pageUrl}` : 'Sent from the website'
  return render(
    `New website request: ${form.title}`,
    `A visitor sent the form “${form.title}”.`,
    labelledEntries(form, submission),
    `${page} on ${new Date(submission.createdAt).toUTCString()}. Submission #${submission.id}.`,
    logo,
  )
}

const fillIn = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [placeholder, value]) => text.split(placeholder).join(value), template)

/**
 * The confirmation the visitor receives when the form asks for one: the form's fixed subject and
 * text with the business's name, and nothing a visitor typed, not even their name. It goes to an
 * address anyone may type into the form, so any words of theirs in it (a link in a "name") would
 * reach a stranger under the business's name; `{name}`, which older texts hold, greets everyone alike.
 */
export function confirmationEmail(
  form: Pick<Form, 'confirmationSubject' | 'confirmationText'>,
  submission: Pick<FormSubmission, 'id'>,
  businessName: string,
  logo?: MailLogo | null,
): MailContent {
  const text = fillIn(form.confirmationText || DEFAULT_CONFIRMATION_TEXT, {
    [VISITOR_NAME_PLACEHOLDER]: NAMELESS_GREETING,
    [BUSINESS_NAME_PLACEHOLDER]: businessName,
  }).trim()
  const footer = `Reference #${submission.id}. You received this because this address was given in a form on our website.`
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`)
    .join('')
  return {
    subject: headerText(
      fillIn(form.confirmationSubject || DEFAULT_CONFIRMATION_SUBJECT, {
        [BUSINESS_NAME_PLACEHOLDER]: businessName,
      }),
    ),
    text: `${text}\n\n${footer}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif">${mailLogoHtml(logo)}${paragraphs}` +
      `<p style="color:#555">${escapeHtml(footer)}</p></body></html>`,
  }
}

/** Stable per submission and purpose, so a receiving server can drop a duplicate. */
export function messageId(submission: Pick<FormSubmission, 'id' | 'createdAt'>, purpose: string, from: string): string {
  const domain = from.split('@')[1] || 'localhost'
  return `<${purpose}-${submission.id}-${Date.parse(submission.createdAt)}@${domain}>`
}
