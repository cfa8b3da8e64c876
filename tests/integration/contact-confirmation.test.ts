import { describe, expect, it } from 'vitest'
import { NAMELESS_GREETING } from '@/contact/afterSending/settings'
import {
  CONFIRMATION_SITE_KEY,
  CONFIRMATION_SKIPPED_REASONS,
  confirmationSiteLimiter,
  CONTACT_CONFIRMATIONS_PER_RECIPIENT,
  CONTACT_CONFIRMATIONS_PER_SITE,
} from '@/contact/delivery/confirmationLimits'
import { deliverSubmission } from '@/contact/delivery/deliver'
import { runContactQueue } from '@/contact/delivery/runner'
import { acceptSubmission } from '@/contact/server/submit'
import { MESSAGES } from '@/forms/validation'
import type { RateDecision } from '@/security/rateLimit'
import { RECIPIENT, validFields } from '../support/contact'
import { payload, setUpDeliverySuite, smtp, submission, submit } from '../support/contactDelivery'
import { bodyOf, headersOf, type ReceivedMail } from '../support/smtp'

setUpDeliverySuite()

const SUBJECT = 'Thanks from {business}'
const TEXT = 'Hello {name},\n\nWe have your request and answer within one business day.\n\n{business}'

/** Runs the form with its confirmation switched on (with our fixed subject and text), then off again. */
async function withConfirmation(run: () => Promise<void>) {
  await payload.update({
    collection: 'forms',
    id: 115,
    data: { sendConfirmation: true, confirmationSubject: SUBJECT, confirmationText: TEXT },
  })
  try {
    await run()
  } finally {
    await payload.update({ collection: 'forms', id: 115, data: { sendConfirmation: false } })
  }
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address))

/** Delivery, then the confirmation it queues: two passes of the queue. */
async function deliverAll() {
  await runContactQueue(payload)
  await runContactQueue(payload)
}

/** The headers a confirmation must have, each once, and nothing a visitor's text could have opened. */
function expectCleanHeaders(mail: ReceivedMail, visitor: string) {
  const headers = headersOf(mail.raw)
  const named = (name: string) => headers.filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  expect(mail.to).toEqual([visitor])
  expect(named('To')).toEqual([`To: ${visitor}`])
  expect(named('Subject')).toEqual(['Subject: Thanks from Cardinal Title Research'])
  expect(named('Bcc')).toEqual([])
  expect(named('Cc')).toEqual([])
  expect(named('X-Injected')).toEqual([])
  expect(named('Reply-To')).toEqual([])
}

describe('the confirmation email to the visitor', () => {
  it('is not sent while the form’s switch is off (the default)', async () => {
    const form = await payload.findByID({ collection: 'forms', id: 115 })
    expect(form.sendConfirmation).toBe(false)
    const id = await submit({ name: 'Switch Off', email: 'switch.off@example.com' })
    await deliverAll()
    expect(mailsTo(RECIPIENT)).toHaveLength(1)
    expect(mailsTo('switch.off@example.com')).toHaveLength(0)
    expect((await submission(id)).confirmationSentAt).toBeFalsy()
  })

  it('sends the form’s fixed text with the business’s name, once: nothing the visitor typed, not even their name', async () => {
    await withConfirmation(async () => {
      const message = 'UNIQUE-MESSAGE-7731: buy cheap watches at spam.example, parcel 99 on Oak Street, Akron.'
      const id = await submit({ name: 'Ada Visit-Example.com', email: 'ada.confirmed@example.com', message })
      await deliverAll()
      await runContactQueue(payload)

      const staff = mailsTo(RECIPIENT)
      expect(staff).toHaveLength(1)
      expect(bodyOf(staff[0].raw)).toContain('UNIQUE-MESSAGE-7731')

      const copies = mailsTo('ada.confirmed@example.com')
      expect(copies).toHaveLength(1)
      expectCleanHeaders(copies[0], 'ada.confirmed@example.com')
      const body = bodyOf(copies[0].raw)
      expect(body).toContain(`Hello ${NAMELESS_GREETING},`)
      expect(body).toContain('We have your request and answer within one business day.')
      expect(body).toContain('Cardinal Title Research')
      expect(body).not.toMatch(/Ada|Visit-Example/)
      expect(body).not.toContain('UNIQUE-MESSAGE-7731')
      expect(body).not.toContain('spam.example')
      expect(body).not.toContain('(614) 555-0100')
      expect((await submission(id)).confirmationSentAt).toBeTruthy()
    })
  })

  it('goes through the outbox: a refused confirmation is retried and then sent once', async () => {
    await withConfirmation(async () => {
      const id = await submit({ name: 'Retry Confirmed', email: 'retry.confirmed@example.com' })
      // The business's mail first, by hand: it queues the confirmation, which then meets a refusing server.
      expect(await deliverSubmission(payload, id)).toBe('delivered')
      expect(mailsTo(RECIPIENT).filter((mail) => mail.raw.includes('Retry Confirmed'))).toHaveLength(1)
      smtp.setMode('tempfail')
      await runContactQueue(payload)
      expect(mailsTo('retry.confirmed@example.com')).toHaveLength(0)
      expect((await submission(id)).confirmationSentAt).toBeFalsy()
      smtp.setMode('accept')
      await deliverAll()
      await deliverAll()
      expect(mailsTo('retry.confirmed@example.com')).toHaveLength(1)
      expect((await submission(id)).confirmationSentAt).toBeTruthy()
    })
  })

  it('refuses a name with a line break at the door, before anything is stored', async () => {
    const outcome = await acceptSubmission(payload, {
      formId: 115,
      pairs: validFields({ name: 'Eve\r\nBcc: victim@evil.example', email: 'eve@example.com' }),
      remoteIp: '127.0.0.1',
    })
    expect(outcome).toMatchObject({ status: 400, fieldErrors: { name: MESSAGES.remote } })
  })

  it('keeps the headers whole and carries nothing of a stored name holding CRLF and header text, or a very long one', async () => {
    await withConfirmation(async () => {
      // As if stored before the door checked, or edited in the admin: the mail must still be safe.
      const hostile = 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes\r\n\r\n<b>hi</b>'
      await storedDirectly(hostile, 'eve.crlf@example.com')
      await storedDirectly(`Lo${'ng'.repeat(3000)} Name`, 'long.name@example.com')
      await deliverAll()

      const [crlf] = mailsTo('eve.crlf@example.com')
      expectCleanHeaders(crlf, 'eve.crlf@example.com')
      expect(smtp.received.some((mail) => mail.to.includes('victim@evil.example'))).toBe(false)
      expect(crlf.raw).not.toMatch(/victim@evil|X-Injected|<b>hi|&lt;b&gt;/)
      expect(bodyOf(crlf.raw)).toContain(`Hello ${NAMELESS_GREETING},`)

      const [longMail] = mailsTo('long.name@example.com')
      expectCleanHeaders(longMail, 'long.name@example.com')
      expect(longMail.raw).not.toContain('ngng')
      expect(longMail.raw.length).toBeLessThan(10_000)
    })
  })
})

describe('the confirmations’ hourly allowances', () => {
  /** A message of its own, so that the business’s copy of each can be told apart. */
  const marked = (marker: string) => `${marker}: a 40-year search on parcel 12 in Delaware County, please.`
  const staffCopiesOf = (marker: string) => mailsTo(RECIPIENT).filter((mail) => bodyOf(mail.raw).includes(marker))

  it(`sends one address at most ${CONTACT_CONFIRMATIONS_PER_RECIPIENT} an hour, however written; past that each message is still stored and delivered, its skipped confirmation recorded`, async () => {
    await withConfirmation(async () => {
      const spellings = ['flood.target@example.com', 'Flood.Target@Example.com', 'FLOOD.TARGET@EXAMPLE.COM']
      const ids: (number | string)[] = []
      for (let n = 0; n <= CONTACT_CONFIRMATIONS_PER_RECIPIENT; n++) {
        ids.push(await submit({ email: spellings[n % spellings.length], message: marked(`FLOOD-${n}`) }))
        await deliverAll()
      }
      await submit({ email: 'someone.else@example.com', message: marked('OTHER-ADDRESS') })
      await deliverAll()

      const toTarget = smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === spellings[0]))
      expect(toTarget).toHaveLength(CONTACT_CONFIRMATIONS_PER_RECIPIENT)
      for (let n = 0; n <= CONTACT_CONFIRMATIONS_PER_RECIPIENT; n++) expect(staffCopiesOf(`FLOOD-${n}`)).toHaveLength(1)
      const over = await submission(ids.at(-1)!)
      expect(over.deliveryStatus).toBe('delivered')
      expect(over.confirmationSentAt).toBeFalsy()
      expect(over.confirmationSkipped).toBe(CONFIRMATION_SKIPPED_REASONS[0])
      for (const id of ids.slice(0, -1)) expect((await submission(id)).confirmationSkipped).toBeFalsy()
      expect(mailsTo('someone.else@example.com')).toHaveLength(1)
    })
  })

  it(`sends at most ${CONTACT_CONFIRMATIONS_PER_SITE} an hour for all addresses together; the message past that is still delivered`, async () => {
    await withConfirmation(async () => {
      // The site's allowance spent by earlier confirmations, taken here through the same limiter.
      const taken: RateDecision[] = []
      for (let take = await confirmationSiteLimiter.take(CONFIRMATION_SITE_KEY); take.allowed;) {
        taken.push(take)
        take = await confirmationSiteLimiter.take(CONFIRMATION_SITE_KEY)
      }
      try {
        expect(taken.length).toBeLessThanOrEqual(CONTACT_CONFIRMATIONS_PER_SITE)
        const id = await submit({ email: 'fresh.address@example.com', message: marked('SITE-CEILING') })
        await deliverAll()
        expect(staffCopiesOf('SITE-CEILING')).toHaveLength(1)
        expect(mailsTo('fresh.address@example.com')).toHaveLength(0)
        const over = await submission(id)
        expect(over.deliveryStatus).toBe('delivered')
        expect(over.confirmationSkipped).toBe(CONFIRMATION_SKIPPED_REASONS[1])
      } finally {
        for (const take of taken) await confirmationSiteLimiter.giveBack(CONFIRMATION_SITE_KEY, take)
      }
    })
  })
})

/** A queued submission written straight to the store, past the endpoint's checks; its delivery is queued by the store. */
async function storedDirectly(name: string, email: string) {
  const doc = await payload.create({
    collection: 'form-submissions',
    data: {
      form: 115,
      data: [
        { name: 'name', value: name },
        { name: 'email', value: email },
        { name: 'message', value: 'NEVER-ECHOED: this text must stay with the business, not go to the address.' },
      ],
      deliveryStatus: 'queued',
    },
    overrideAccess: true,
    depth: 0,
  })
  return doc.id
}
