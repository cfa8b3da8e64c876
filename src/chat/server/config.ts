import type { Payload } from 'payload'
import { CONTACT_FORM_ID } from '@/cms/seed/content/forms'
import { captchaConfigFor } from '@/contact/captchaConfig'
import type { SiteSetting } from '@/payload-types'
import type { BuiltinConfigAnswer, OfflineForm } from '../lookup'
import { chatHub } from './hub'
import { chatSettingsOf, serverConfigError } from './settings'

/**
 * GET /api/chat/config: what the built-in widget looks up before it connects, the way LiveChat's
 * widget asks LiveChat for its licence's dynamic configuration. It says which product the licence
 * shows and whether the licence holds; the widget stays off unless that is the chat, in force.
 * A widget that may run also gets the contact form, which takes its messages while no agent is online,
 * and whether an agent is online now.
 */
export async function builtinChatConfig(payload: Payload, availabilityOnly = false): Promise<Response> {
  const siteSettings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const settings = chatSettingsOf(siteSettings)
  const hub = chatHub()
  hub.openingHours = settings.openingHours
  const availability = hub.availability()
  // The widget's poll (src/chat/widget/availability.ts) asks for availability alone: no form to load.
  if (availabilityOnly) return Response.json({ availability }, { headers: { 'Cache-Control': 'no-store' } })
  const defaultWidget = settings.provider === 'builtin' ? settings.defaultWidget : 'none'
  const error = serverConfigError(settings)
  const answer: BuiltinConfigAnswer = {
    defaultWidget,
    error,
    availability,
    offlineForm: defaultWidget === 'chat' && !error ? await offlineFormOf(payload, siteSettings) : null,
  }
  return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } })
}

/** The contact form as the browser renders it: only what the renderer reads (never its mail settings). */
async function offlineFormOf(payload: Payload, siteSettings: SiteSetting): Promise<OfflineForm | null> {
  const form = await payload.findByID({ collection: 'forms', id: CONTACT_FORM_ID, depth: 0, disableErrors: true })
  if (!form) return null
  const { id, fields, submitLabel, successMessage } = form
  return { form: { id, fields, submitLabel, successMessage }, captcha: captchaConfigFor(form, siteSettings) }
}
