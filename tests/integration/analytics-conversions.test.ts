import { beforeAll, describe, expect, it } from 'vitest'
import { reportForLastDays } from '@/analytics/dashboard/report'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { HONEYPOT_FIELD } from '@/contact/protocol'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { jsonPost, SITE as CONTACT_SITE, validFields } from '../support/contact'
import { payload, setUpChatSuite, visitorPost } from '../support/chat'

// The seeded site: its contact form (115) and the chat switched on.
setUpChatSuite({ seeded: true })
// The seeded form asks for a proof of work, which its own suites solve; these posts are people's.
beforeAll(() => payload.update({ collection: 'forms', id: 115, data: { captcha: false } }))

const contactPost = async (name: string, headers: Record<string, string> = {}) =>
  handleContactPost(
    await jsonPost(
      { formId: 115, fields: validFields({ name }), pageUrl: `${CONTACT_SITE}/contact` },
      { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', ...headers } },
    ),
    { payload: async () => payload },
  )

const dashboard = async () => (await reportForLastDays(payload, 7)).conversions

describe('the analytics dashboard’s leads and chats started', () => {
  it('counts two accepted contact posts and two chats started, with no analytics script running', async () => {
    const before = await dashboard()
    for (const name of ['Lead One', 'Lead Two']) expect((await contactPost(name)).status).toBe(200)
    for (const visitor of [newVisitorToken(), newVisitorToken()]) {
      const started = await visitorPost(visitor, { action: 'start', name: 'Chatty', email: 'chatty@example.com' })
      expect(started.status).toBe(200)
    }
    // A chat start is counted beside the visitor's answer, not before it.
    await expect.poll(async () => (await dashboard()).chatsStarted - before.chatsStarted).toBe(2)
    const after = await dashboard()
    expect(after.leads - before.leads).toBe(2)
    expect(after.contactSubmissions - before.contactSubmissions).toBe(2)
  })

  it('counts a chat once: asking again while it is open starts nothing new', async () => {
    const before = await dashboard()
    const visitor = newVisitorToken()
    await visitorPost(visitor, { action: 'start', name: 'Twice', email: 'twice@example.com' })
    await visitorPost(visitor, { action: 'start', name: 'Twice', email: 'twice@example.com' })
    await visitorPost(visitor, { action: 'message', type: 'message', text: 'Hello?' })
    await expect.poll(async () => (await dashboard()).chatsStarted - before.chatsStarted).toBe(1)
  })

  it('leaves out a spam post and a visitor who sends Do Not Track or Global Privacy Control', async () => {
    const before = await dashboard()
    expect((await contactPost('Not Tracked', { DNT: '1' })).status).toBe(200)
    expect((await contactPost('Private', { 'Sec-GPC': '1' })).status).toBe(200)
    const spam = await handleContactPost(
      await jsonPost({
        formId: 115,
        fields: validFields({ name: 'Spam Bot' }),
        [HONEYPOT_FIELD]: 'http://spam.example',
      }),
      { payload: async () => payload },
    )
    expect(spam.status).toBe(200)
    expect((await dashboard()).leads - before.leads).toBe(0)
  })
})
