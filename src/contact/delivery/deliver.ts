import type { Payload, TaskConfig } from 'payload'
import { readSiteSettings } from '@/content/siteSettingsReader'
import type { Form, FormSubmission } from '@/payload-types'
import { createMailTransport, sendMail, SMTP_QUEUED_SOCKET_TIMEOUT_MS, type SentMail } from '@/platform/mailTransport'
import { database, sql } from '@/platform/sql'
import { siteMetrics } from '@/metrics/siteMetrics'
import {
  CONTACT_QUEUE,
  DELIVER_SUBMISSION_TASK,
  DELIVERY_MAX_ATTEMPTS,
  SEND_CONFIRMATION_TASK,
  deliveryBackoffBaseMs,
  deliveryLease,
} from './constants'
import { takeConfirmationAllowance } from './confirmationLimits'
import { mailLogo } from '@/brand/mail'
import { confirmationEmail, headerText, messageId, safeAddress, siteSender, staffEmail, visitorEmail } from './email'

const ERROR_TEXT_LIMIT = 500

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return headerText(text).slice(0, ERROR_TEXT_LIMIT)
}

async function load(payload: Payload, submissionId: number | string) {
  const submission = (await payload.findByID({
    collection: 'form-submissions',
    id: submissionId,
    depth: 1,
    overrideAccess: true,
    disableErrors: true,
  })) as FormSubmission | null
  if (!submission) return null
  const form =
    typeof submission.form === 'object'
      ? submission.form
      : await payload.findByID({ collection: 'forms', id: submission.form, depth: 0, overrideAccess: true })
  const settings = await readSiteSettings(payload)
  return { submission, form: form as Form, settings, from: siteSender(settings) }
}

type StatusPatch = Partial<
  Pick<
    FormSubmission,
    | 'deliveryStatus'
    | 'deliveryAttempts'
    | 'lastDeliveryError'
    | 'deliveredAt'
    | 'confirmationSentAt'
    | 'confirmationSkipped'
  >
>

/** A message handed to a mail server is delivered; one only written to data/outbox/ is not, and says so. */
type SentStatus = 'delivered' | 'outbox'
export const sentStatus = (sent: SentMail): SentStatus => (sent.via === 'smtp' ? 'delivered' : 'outbox')

const record = (payload: Payload, id: number | string, data: StatusPatch) =>
  payload.update({ collection: 'form-submissions', id, data, overrideAccess: true, depth: 0 })

/**
 * Counts this attempt only if no one else has since we read the submission (compare and set on
 * the attempt counter), and only once the attempt before it has ended: it recorded its error, or it
 * has been silent for DELIVERY_TAKEOVER_AFTER_MS (its run died; its job's lease ran out first).
 * Of two runs of the same submission at once (a duplicate job, two instances), exactly one goes on
 * to send, also when the second reads the submission after the first claimed it. A claim clears the
 * last error, so that an attempt under way is one with no error recorded.
 */
async function claimAttempt(payload: Payload, id: number | string, attempt: number): Promise<boolean> {
  const now = Date.now()
  const silentSince = new Date(now - deliveryLease().takeoverAfterMs).toISOString()
  const rows = await database(payload).all(sql`
    UPDATE form_submissions
    SET delivery_attempts = ${attempt}, last_delivery_error = NULL, updated_at = ${new Date(now).toISOString()}
    WHERE id = ${Number(id)} AND delivery_status = 'queued' AND COALESCE(delivery_attempts, 0) = ${attempt - 1}
      AND (${attempt - 1} = 0 OR last_delivery_error IS NOT NULL OR updated_at < ${silentSince})
    RETURNING id`)
  return rows.length === 1
}

/**
 * Records how an attempt ended, only while it is still the submission's latest: a run that lost
 * its job's lease (stalled past it) and ends late must not undo what the run that took over
 * recorded, nor mark a delivered submission queued again (which would send it twice).
 */
async function recordOutcome(
  payload: Payload,
  id: number | string,
  attempt: number,
  outcome: { status: SentStatus } | { status: 'queued' | 'failed'; error: string },
): Promise<boolean> {
  const at = new Date().toISOString()
  const rows = await database(payload).all(
    'error' in outcome
      ? sql`
          UPDATE form_submissions
          SET delivery_status = ${outcome.status}, last_delivery_error = ${outcome.error}, updated_at = ${at}
          WHERE id = ${Number(id)} AND delivery_status = 'queued' AND delivery_attempts = ${attempt}
          RETURNING id`
      : sql`
          UPDATE form_submissions SET delivery_status = ${outcome.status}, delivered_at = ${at}, updated_at = ${at}
          WHERE id = ${Number(id)} AND delivery_status = 'queued' AND delivery_attempts = ${attempt}
          RETURNING id`,
  )
  if (rows.length === 0)
    payload.logger.warn(
      { submission: id, attempt },
      'contact delivery: a later attempt took over; outcome not recorded',
    )
  return rows.length === 1
}

/**
 * Sends a stored submission to the recipients in site settings, once. A failed send is recorded
 * and thrown, so the queue retries it with backoff; the last allowed failure flags it `failed`.
 */
export async function deliverSubmission(payload: Payload, submissionId: number | string): Promise<string> {
  const loaded = await load(payload, submissionId)
  if (!loaded) return 'gone'
  const { submission, form, settings, from } = loaded
  if (submission.deliveryStatus !== 'queued') return submission.deliveryStatus ?? 'done'
  const attempt = (submission.deliveryAttempts ?? 0) + 1
  if (!(await claimAttempt(payload, submission.id, attempt))) return CLAIMED_ELSEWHERE
  let sent: SentMail
  try {
    const recipients = (settings.contact?.recipients ?? [])
      .map((recipient) => safeAddress(recipient.email))
      .filter((address): address is string => address !== null)
    if (recipients.length === 0) throw new Error('No contact recipients are set in site settings.')
    const content = staffEmail(form, submission, await mailLogo(payload, settings))
    sent = await sendMail(createMailTransport({ socketTimeoutMs: SMTP_QUEUED_SOCKET_TIMEOUT_MS }), {
      from,
      to: recipients,
      replyTo: visitorEmail(form, submission) ?? undefined,
      messageId: messageId(submission, 'contact', from.address),
      ...content,
    })
  } catch (error) {
    siteMetrics().mailDeliveryFailures.inc()
    const final = attempt >= DELIVERY_MAX_ATTEMPTS
    payload.logger.error({ err: error, submission: submission.id, attempt }, 'contact delivery failed')
    const status = final ? 'failed' : 'queued'
    if (!(await recordOutcome(payload, submission.id, attempt, { status, error: describe(error) }))) return 'superseded'
    if (final) return 'failed'
    throw error
  }
  const status = sentStatus(sent)
  if (!(await recordOutcome(payload, submission.id, attempt, { status }))) return 'superseded'
  if (form.sendConfirmation && visitorEmail(form, submission)) {
    await payload.jobs.queue({
      task: SEND_CONFIRMATION_TASK,
      input: { submissionId: submission.id },
      queue: CONTACT_QUEUE,
    })
  }
  return status
}

/** What sendConfirmation answers when the address's or the site's hourly allowance is spent. */
export const CONFIRMATION_OVER_ALLOWANCE = 'over-allowance'

/**
 * Sends the visitor their confirmation, once, within the address's and the site's hourly
 * allowances (confirmationLimits.ts); over one, it is skipped and the reason recorded on the
 * submission, whose own delivery to the business is not affected. Failures are retried like the main email.
 */
export async function sendConfirmation(payload: Payload, submissionId: number | string): Promise<string> {
  const loaded = await load(payload, submissionId)
  if (!loaded) return 'gone'
  const { submission, form, settings, from } = loaded
  const to = visitorEmail(form, submission)
  if (submission.confirmationSentAt || submission.confirmationSkipped || !to || submission.deliveryStatus === 'spam')
    return 'skipped'
  const allowance = await takeConfirmationAllowance(to)
  if (!allowance.allowed) {
    payload.logger.warn({ submission: submission.id, reason: allowance.reason }, 'contact confirmation skipped')
    await record(payload, submission.id, { confirmationSkipped: allowance.reason })
    return CONFIRMATION_OVER_ALLOWANCE
  }
  try {
    await sendMail(createMailTransport({ socketTimeoutMs: SMTP_QUEUED_SOCKET_TIMEOUT_MS }), {
      from,
      to,
      messageId: messageId(submission, 'confirmation', from.address),
      ...confirmationEmail(
        form,
        submission,
        headerText(settings.business?.name || 'us'),
        await mailLogo(payload, settings),
      ),
    })
  } catch (error) {
    // Nothing went out: the allowances count mails sent, and the retry takes its own.
    await allowance.giveBack()
    siteMetrics().mailDeliveryFailures.inc()
    throw error
  }
  await record(payload, submission.id, { confirmationSentAt: new Date().toISOString() })
  return 'sent'
}

/** What a run answers when another attempt holds the submission: its job tries again later. */
export const CLAIMED_ELSEWHERE = 'claimed-elsewhere'

const submissionInput = [{ name: 'submissionId', type: 'number' as const, required: true }]
const outcome = [{ name: 'outcome', type: 'text' as const }]

/** The queue's tasks; built when the config is, so tests can shorten the backoff through env. */
export function contactDeliveryTasks(): TaskConfig[] {
  const retries = {
    attempts: DELIVERY_MAX_ATTEMPTS,
    backoff: { type: 'exponential' as const, delay: deliveryBackoffBaseMs() },
  }
  return [
    {
      slug: DELIVER_SUBMISSION_TASK,
      label: 'Deliver a contact submission',
      inputSchema: submissionInput,
      outputSchema: outcome,
      retries,
      handler: async ({ input, req }) => {
        const outcome = await deliverSubmission(req.payload, (input as { submissionId: number }).submissionId)
        // Another attempt is under way (or was claimed a moment ago): the job looks again after its
        // backoff, and then finds the submission delivered, failed, or free to try.
        if (outcome === CLAIMED_ELSEWHERE) throw new Error('another delivery attempt holds this submission')
        return { output: { outcome } }
      },
    },
    {
      slug: SEND_CONFIRMATION_TASK,
      label: 'Send the visitor a confirmation',
      inputSchema: submissionInput,
      outputSchema: outcome,
      retries,
      handler: async ({ input, req }) => ({
        output: { outcome: await sendConfirmation(req.payload, (input as { submissionId: number }).submissionId) },
      }),
    },
  ] as TaskConfig[]
}
