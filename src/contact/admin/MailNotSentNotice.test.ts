import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { FormSubmissions } from '../collections/FormSubmissions'
import { MAIL_NOT_SENT_HEADING, MailNotSentNotice } from './MailNotSentNotice'

const NOTICE_PATH = '/contact/admin/MailNotSentNotice#MailNotSentNotice'
const smtpUrlBefore = process.env.SMTP_URL
afterEach(() => {
  if (smtpUrlBefore === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = smtpUrlBefore
})

describe('the admin’s notice that mail is not being sent', () => {
  it('says, while no mail server is set, that mail only goes to the outbox and how to set SMTP_URL', () => {
    delete process.env.SMTP_URL
    const html = renderToStaticMarkup(createElement(MailNotSentNotice))
    expect(html).toContain(MAIL_NOT_SENT_HEADING)
    expect(html).toContain('aria-labelledby="mail-not-sent-heading"')
    expect(html).toContain('<code>data/outbox/</code>')
    expect(html).toContain('<code>SMTP_URL</code>')
  })

  it('is not shown once a mail server is set', () => {
    process.env.SMTP_URL = 'smtp://mail.example.com:587'
    expect(renderToStaticMarkup(createElement(MailNotSentNotice))).toBe('')
  })

  it('stands above the submissions list', () => {
    expect(FormSubmissions.admin?.components?.beforeListTable).toContain(NOTICE_PATH)
  })
})
