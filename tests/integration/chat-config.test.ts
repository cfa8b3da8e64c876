import { describe, expect, it, vi } from 'vitest'
import { CHAT_RECONNECT_MAX_DELAY_MS, CHAT_RECONNECT_MAX_TRIES, CHAT_RECONNECT_MIN_DELAY_MS } from '@/chat/constants'
import { reconnectDelay } from '@/chat/browser/reconnect'
import { builtinChatConfig, CHAT_CONFIG_MEMO_MS } from '@/chat/server/http/config'
import { originAllowed } from '@/chat/server/http/guards'
import { SHARED_CHAT_ANSWER_CACHE_CONTROL } from '@/chat/server/http/sharedAnswers'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { visitorStream } from '@/chat/server/http/visitor'
import { CONTACT_FORM_ID } from '@/setup/seed/content/forms'
import { payload, setUpChatSuite, SITE, visitorHeaders, visitorPost } from '../support/chat'

setUpChatSuite({ seeded: true, withEditor: true })

describe('chat configuration lookup', () => {
  const setChat = (chat: Record<string, unknown>) =>
    payload.updateGlobal({ slug: 'site-settings', data: { chat } as never, depth: 0 })
  const answer = async () => (await builtinChatConfig(payload)).json()
  /** The chat in force also carries the contact form, for messages while no agent is online. */
  const withOfflineForm = (state: Record<string, unknown>) => ({
    ...state,
    offlineForm: { form: expect.objectContaining({ id: CONTACT_FORM_ID }), captcha: expect.anything() },
  })

  it('answers the product and licence state from site settings, the same on every call', async () => {
    try {
      await setChat({ provider: 'builtin', defaultWidget: 'chat', licenseExpiresAt: null })
      const answers = await Promise.all(Array.from({ length: 5 }, answer))
      expect(answers).toEqual(
        Array(5).fill(withOfflineForm({ defaultWidget: 'chat', error: null, availability: 'offline' })),
      )
      // Only what the renderer reads: never the form's mail settings.
      expect(Object.keys(answers[0].offlineForm.form).sort()).toEqual(['fields', 'id', 'submitLabel', 'successMessage'])

      await setChat({ provider: 'builtin', defaultWidget: 'contact-form' })
      expect(await answer()).toEqual({
        defaultWidget: 'contact-form',
        error: null,
        availability: 'offline',
        offlineForm: null,
      })

      await setChat({ provider: 'builtin', defaultWidget: 'chat', licenseExpiresAt: '2020-01-01T00:00:00.000Z' })
      expect(await answer()).toEqual({
        defaultWidget: 'chat',
        error: 'license_expired',
        availability: 'offline',
        offlineForm: null,
      })

      await setChat({ provider: 'livechat', license: '', licenseExpiresAt: null })
      expect(await answer()).toMatchObject({ defaultWidget: 'none', error: 'license_not_found' })
    } finally {
      await setChat({ provider: 'builtin', defaultWidget: 'chat', license: '', licenseExpiresAt: null })
    }
  })

  it('answers every visitor alike with a shared-cache policy, reading the settings once however many ask', async () => {
    await answer()
    await new Promise((resolve) => setTimeout(resolve, CHAT_CONFIG_MEMO_MS + 50))
    const reads = vi.spyOn(payload, 'findGlobal')
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => builtinChatConfig(payload, index % 2 === 0)),
      )
      expect(reads).toHaveBeenCalledTimes(1)
      for (const response of responses)
        expect(response.headers.get('cache-control')).toBe(SHARED_CHAT_ANSWER_CACHE_CONTROL)
      expect(new Set(await Promise.all(responses.map((response) => response.text()))).size).toBe(2)
    } finally {
      reads.mockRestore()
    }
  })

  it('reads the contact form in full again only once it changed, also when another instance changed it', async () => {
    const afterMemo = () => new Promise((resolve) => setTimeout(resolve, CHAT_CONFIG_MEMO_MS + 50))
    const before = await payload.findByID({ collection: 'forms', id: CONTACT_FORM_ID, depth: 0 })
    await answer()
    await afterMemo()
    const fullReads = vi.spyOn(payload, 'findByID')
    try {
      expect((await answer()).offlineForm.form.submitLabel).toBe(before.submitLabel)
      expect(fullReads).not.toHaveBeenCalled()

      // What another instance's edit leaves here: the row changed, and no revalidation heard in this process.
      await payload.db.updateOne({
        collection: 'forms',
        id: CONTACT_FORM_ID,
        data: { submitLabel: 'Send it now', updatedAt: new Date(Date.parse(before.updatedAt) + 1000).toISOString() },
      })
      await afterMemo()
      expect((await answer()).offlineForm.form.submitLabel).toBe('Send it now')
      expect(fullReads).toHaveBeenCalledTimes(1)
    } finally {
      fullReads.mockRestore()
      await payload.db.updateOne({
        collection: 'forms',
        id: CONTACT_FORM_ID,
        data: { submitLabel: before.submitLabel, updatedAt: before.updatedAt },
      })
    }
  })

  it('refuses visitor streams and posts while the settings switch the built-in chat off', async () => {
    const refused = async () => {
      const token = newVisitorToken()
      const post = await visitorPost(token, { action: 'typing' })
      const stream = await visitorStream(
        new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token) }),
        payload,
      )
      return [post.status, stream.status]
    }
    try {
      await setChat({ provider: 'builtin', defaultWidget: 'contact-form' })
      expect(await refused()).toEqual([403, 403])
      await setChat({ provider: 'builtin', defaultWidget: 'chat', licenseExpiresAt: '2020-01-01T00:00:00.000Z' })
      expect(await refused()).toEqual([403, 403])
      await setChat({ provider: 'livechat', license: '12345678', licenseExpiresAt: null })
      expect(await refused()).toEqual([403, 403])
    } finally {
      await setChat({ provider: 'builtin', defaultWidget: 'chat', license: '', licenseExpiresAt: null })
    }
    const [post] = await refused()
    expect(post).not.toBe(403)
  })

  it('refuses a product value the settings do not offer', async () => {
    await expect(setChat({ provider: 'builtin', defaultWidget: '<script>' })).rejects.toThrow()
    expect(await answer()).toEqual(withOfflineForm({ defaultWidget: 'chat', error: null, availability: 'offline' }))
  })
})

describe('chat rules', () => {
  it('backs off from 500 ms to 5 s and stops after 20 tries', () => {
    expect(reconnectDelay(1)).toBe(CHAT_RECONNECT_MIN_DELAY_MS)
    expect(reconnectDelay(2)).toBe(CHAT_RECONNECT_MIN_DELAY_MS * 2)
    expect(reconnectDelay(CHAT_RECONNECT_MAX_TRIES)).toBe(CHAT_RECONNECT_MAX_DELAY_MS)
    expect(reconnectDelay(CHAT_RECONNECT_MAX_TRIES + 1)).toBeNull()
  })

  it('accepts its own origin and allowed domains, refuses others', () => {
    const request = (headers: Record<string, string>) =>
      new Request('http://site.test/api/chat/visitor', { headers: { host: 'site.test', ...headers } })
    expect(originAllowed(request({ origin: 'http://site.test' }), [])).toBe(true)
    expect(originAllowed(request({ origin: 'https://shop.partner.example' }), ['partner.example'])).toBe(true)
    expect(originAllowed(request({ origin: 'https://partner.example.evil.test' }), ['partner.example'])).toBe(false)
    expect(originAllowed(request({ 'sec-fetch-site': 'cross-site' }), [])).toBe(false)
  })
})
