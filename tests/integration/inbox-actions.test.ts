// The inbox's actions over Payload's real REST handler on loopback, delivering to a real SMTP
// server: Resend, Not spam, Mark handled and Release, who may use them, and what they record.
import { describe, expect, it } from 'vitest'
import { DELIVERY_MAX_ATTEMPTS } from '@/contact/delivery/constants'
import { runContactQueue } from '@/contact/delivery/runner'
import { ACTION_MESSAGES, actionUrl } from '@/contact/inbox/protocol'
import { api, inbox, mailsMentioning, setUpInboxSuite, storedNamed, submitAs } from '../support/inbox'

setUpInboxSuite()

/** A message whose every delivery attempt failed, reached through the runner's own last failure. */
async function failedMessage(name: string) {
  inbox.smtp.setMode('permfail')
  await submitAs(name)
  const { id } = await storedNamed(name)
  // The attempts before the last one, as a day of retries would leave them: each ended refused.
  await inbox.payload.update({
    collection: 'form-submissions',
    id,
    data: { deliveryAttempts: DELIVERY_MAX_ATTEMPTS - 1, lastDeliveryError: '550 5.1.1 mailbox unavailable' },
  })
  await runContactQueue(inbox.payload)
  inbox.smtp.setMode('accept')
  expect((await storedNamed(name)).deliveryStatus).toBe('failed')
  expect(mailsMentioning(name)).toHaveLength(0)
  return id
}

const post = (id: number | string, action: Parameters<typeof actionUrl>[1], role: Parameters<typeof api>[1]) =>
  api(actionUrl(id, action), role, { method: 'POST' })

describe('inbox actions', () => {
  it('resends a failed message: delivered exactly once, even when the button is clicked twice at once', async () => {
    const id = await failedMessage('Resent Rosa')
    const answers = await Promise.all([post(id, 'resend', 'editor'), post(id, 'resend', 'admin')])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)!
    expect(await refused.json()).toEqual({ ok: false, message: ACTION_MESSAGES.wrongState.resend })
    await runContactQueue(inbox.payload)
    await runContactQueue(inbox.payload)
    expect(mailsMentioning('Resent Rosa')).toHaveLength(1)
    const stored = await storedNamed('Resent Rosa')
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.history).toHaveLength(1)
    expect(stored.history![0]).toMatchObject({ action: 'resend' })
    expect(['editor@example.com', 'admin@example.com']).toContain(stored.history![0].by)
    expect(Date.now() - Date.parse(stored.history![0].at)).toBeLessThan(60_000)
    expect((await post(id, 'resend', 'admin')).status).toBe(409)
  })

  it('delivers a message marked spam once an editor says it is not spam, and only once', async () => {
    const id = await submitAs('Not Spam Nora', { spam: true })
    await runContactQueue(inbox.payload)
    expect(mailsMentioning('Not Spam Nora')).toHaveLength(0)
    const first = await post(id, 'notSpam', 'editor')
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ ok: true, message: ACTION_MESSAGES.done.notSpam })
    expect((await post(id, 'notSpam', 'editor')).status).toBe(409)
    await runContactQueue(inbox.payload)
    expect(mailsMentioning('Not Spam Nora')).toHaveLength(1)
    const stored = await storedNamed('Not Spam Nora')
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.history?.map((entry) => [entry.action, entry.by])).toEqual([['notSpam', 'editor@example.com']])
  })

  it('marks any message handled once, with who and when, and leaves its delivery alone', async () => {
    const id = await submitAs('Handled Hugo', { spam: true })
    const first = await post(id, 'handled', 'admin')
    expect(first.status).toBe(200)
    const again = await post(id, 'handled', 'editor')
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ ok: false, message: ACTION_MESSAGES.wrongState.handled })
    const stored = await storedNamed('Handled Hugo')
    expect(stored.handledAt).toBeTruthy()
    expect(stored.deliveryStatus).toBe('spam')
    expect(stored.history?.map((entry) => [entry.action, entry.by])).toEqual([['handled', 'admin@example.com']])
  })

  it('releases a held message once, for delivery exactly once, and records who released it', async () => {
    const id = await submitAs('Released Rhea')
    // Held, as a post without JavaScript is stored (tests/integration/contact-hold.test.ts).
    await inbox.payload.update({ collection: 'form-submissions', id, data: { deliveryStatus: 'held' } })
    const first = await post(id, 'release', 'editor')
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ ok: true, message: ACTION_MESSAGES.done.release })
    expect((await post(id, 'release', 'admin')).status).toBe(409)
    await runContactQueue(inbox.payload)
    await runContactQueue(inbox.payload)
    expect(mailsMentioning('Released Rhea')).toHaveLength(1)
    const stored = await storedNamed('Released Rhea')
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.history).toEqual([
      expect.objectContaining({ action: 'release', by: 'editor@example.com', at: expect.any(String) }),
    ])
  })

  it('refuses the signed out (401), agents (403), malformed or unknown ids (404) and the wrong status (409)', async () => {
    const id = await submitAs('Guarded Gina')
    await runContactQueue(inbox.payload)
    for (const action of ['resend', 'notSpam', 'release', 'handled'] as const) {
      expect((await post(id, action, null)).status).toBe(401)
      expect((await post(id, action, 'agent')).status).toBe(403)
      for (const hostile of ['abc', '0', '-1', '1 OR 1=1', '9'.repeat(40), '1.5', '%00'])
        expect(
          (
            await api(`/api/form-submissions/${hostile}/${action === 'notSpam' ? 'not-spam' : action}`, 'admin', {
              method: 'POST',
            })
          ).status,
        ).toBe(404)
      expect((await post(999_999, action, 'admin')).status).toBe(404)
    }
    for (const action of ['resend', 'notSpam', 'release'] as const) {
      const answer = await post(id, action, 'admin')
      expect(answer.status).toBe(409)
      expect(await answer.json()).toEqual({ ok: false, message: ACTION_MESSAGES.wrongState[action] })
    }
    const stored = await storedNamed('Guarded Gina')
    expect(stored.deliveryStatus).toBe('delivered')
    expect(stored.handledAt ?? null).toBeNull()
    expect(stored.history ?? []).toHaveLength(0)
    expect(mailsMentioning('Guarded Gina')).toHaveLength(1)
  })

  it('keeps what the visitor wrote, its status and its history when an admin tries to change them over REST', async () => {
    const id = await submitAs('Unchanged Uma')
    await post(id, 'handled', 'editor')
    const before = await storedNamed('Unchanged Uma')
    const answer = await api(`/api/form-submissions/${id}`, 'admin', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        summary: 'Rewritten',
        data: [{ name: 'message', value: 'Rewritten by staff' }],
        deliveryStatus: 'queued',
        handledAt: null,
        pageUrl: 'http://evil.example',
        history: [],
      }),
    })
    expect(answer.status).toBeLessThan(500)
    const after = await storedNamed('Unchanged Uma')
    expect(after.summary).toBe(before.summary)
    expect(after.data).toEqual(before.data)
    expect(after.deliveryStatus).toBe(before.deliveryStatus)
    expect(after.handledAt).toBe(before.handledAt)
    expect(after.pageUrl).toBe(before.pageUrl)
    expect(after.history).toEqual(before.history)
    expect((await api(`/api/form-submissions/${id}`, 'editor', { method: 'PATCH', body: '{}' })).status).toBe(403)
  })
})
