import { describe, expect, it } from 'vitest'
import { CONFIRMATION_NAME_MAX_LENGTH, NAMELESS_GREETING } from '@/contact/afterSending/settings'
import { deliverSubmission } from '@/contact/delivery/deliver'
import { runContactQueue } from '@/contact/delivery/runner'
import { acceptSubmission } from '@/contact/server/submit'
import { MESSAGES } from '@/forms/validation'
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

  it('sends the form’s fixed text with the visitor’s name, once, never their message or other answers', async () => {
    await withConfirmation(async () => {
      const message = 'UNIQUE-MESSAGE-7731: buy cheap watches at spam.example, parcel 99 on Oak Street, Akron.'
      const id = await submit({ name: 'Ada Confirmed', email: 'ada.confirmed@example.com', message })
      await deliverAll()
      await runContactQueue(payload)

      const staff = mailsTo(RECIPIENT)
      expect(staff).toHaveLength(1)
      expect(bodyOf(staff[0].raw)).toContain('UNIQUE-MESSAGE-7731')

      const copies = mailsTo('ada.confirmed@example.com')
      expect(copies).toHaveLength(1)
      expectCleanHeaders(copies[0], 'ada.confirmed@example.com')
      const body = bodyOf(copies[0].raw)
      expect(body).toContain('Hello Ada Confirmed,')
      expect(body).toContain('We have your request and answer within one business day.')
      expect(body).toContain('Cardinal Title Research')
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

  it('greets without a name when the visitor’s name is blank after cleaning', async () => {
    await withConfirmation(async () => {
      const id = await storedDirectly('\u0007\u0008', 'nameless@example.com')
      await deliverAll()
      const [copy] = mailsTo('nameless@example.com')
      expect(bodyOf(copy.raw)).toContain(`Hello ${NAMELESS_GREETING},`)
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

  it('keeps the headers whole for a stored name holding CRLF and header text, or a very long name', async () => {
    await withConfirmation(async () => {
      // As if stored before the door checked, or edited in the admin: the mail must still be safe.
      const hostile = 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes\r\n\r\n<b>hi</b>'
      await storedDirectly(hostile, 'eve.crlf@example.com')
      const long = `Lo${'ng'.repeat(3000)} Name`
      await storedDirectly(long, 'long.name@example.com')
      await deliverAll()

      const [crlf] = mailsTo('eve.crlf@example.com')
      expectCleanHeaders(crlf, 'eve.crlf@example.com')
      expect(smtp.received.some((mail) => mail.to.includes('victim@evil.example'))).toBe(false)
      const crlfBody = bodyOf(crlf.raw)
      const html = crlfBody.slice(crlfBody.search(/Content-Type: text\/html/i))
      expect(crlfBody).toContain('Hello Eve Bcc: victim@evil.example X-Injected: yes <b>hi</b>,')
      expect(html).toContain('Hello Eve Bcc: victim@evil.example X-Injected: yes &lt;b&gt;hi&lt;/b&gt;,')
      expect(html).not.toContain('<b>hi</b>')

      const [longMail] = mailsTo('long.name@example.com')
      expectCleanHeaders(longMail, 'long.name@example.com')
      const greeting = bodyOf(longMail.raw).match(/Hello (\S+),/)
      expect(greeting?.[1]).toHaveLength(CONFIRMATION_NAME_MAX_LENGTH)
      expect(longMail.raw.length).toBeLessThan(10_000)
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
