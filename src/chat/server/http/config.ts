import type { Payload } from 'payload'
import { onRevalidated } from '@/content/revalidate'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { CONTACT_FORM_ID } from '@/contact/protocol'
import { captchaConfigFor } from '@/contact/captchaConfig'
import { findCurrentForm } from '@/contact/server/formCache'
import { readSiteSettings } from '@/content/siteSettingsReader'
import type { BuiltinConfigAnswer, OfflineForm } from '../../lookup'
import { SHARED_CHAT_ANSWER_CACHE_CONTROL } from './sharedAnswers'
import { chatHub } from '../live/hub'
import { type ChatSettings, readChatSettings, serverConfigError } from '../settings'

/** How long this instance reuses the settings and form the answer is made of, unless an edit here clears them (see src/platform/caches.ts). */
export const CHAT_CONFIG_MEMO_MS = SHORT_CACHE_MS.chatConfig

type ConfigParts = { settings: ChatSettings; offlineForm: OfflineForm | null }
let memo: { parts: Promise<ConfigParts>; since: number } | null = null
onRevalidated(() => {
  memo = null
})

async function readConfigParts(payload: Payload): Promise<ConfigParts> {
  const settings = await readChatSettings(payload)
  const runs = settings.provider === 'builtin' && settings.defaultWidget === 'chat' && !serverConfigError(settings)
  return { settings, offlineForm: runs ? await offlineFormOf(payload) : null }
}

/** The settings (through the chat's reader) and the offline form: read at most once a second per instance, however many visitors ask. */
function configParts(payload: Payload): Promise<ConfigParts> {
  if (memo && Date.now() - memo.since < CHAT_CONFIG_MEMO_MS) return memo.parts
  const current = { parts: readConfigParts(payload), since: Date.now() }
  memo = current
  // A failed read is not kept: the next request tries again.
  current.parts.catch(() => {
    if (memo === current) memo = null
  })
  return current.parts
}

/**
 * GET /api/chat/config: what the built-in widget looks up before it connects, the way LiveChat's
 * widget asks LiveChat for its licence's dynamic configuration. It says which product the licence
 * shows and whether the licence holds; the widget stays off unless that is the chat, in force.
 * A widget that may run also gets the contact form, which takes its messages while no agent is online,
 * and whether an agent is online now. The answer is the same for every visitor, so caches may share it.
 */
export async function builtinChatConfig(payload: Payload, availabilityOnly = false): Promise<Response> {
  const { settings, offlineForm } = await configParts(payload)
  const availability = chatHub().availability()
  const headers = { 'Cache-Control': SHARED_CHAT_ANSWER_CACHE_CONTROL }
  // The widget's poll (src/chat/widget/availability.ts) asks for availability alone: no form to load.
  if (availabilityOnly) return Response.json({ availability }, { headers })
  const defaultWidget = settings.provider === 'builtin' ? settings.defaultWidget : 'none'
  const error = serverConfigError(settings)
  const answer: BuiltinConfigAnswer = {
    defaultWidget,
    error,
    availability,
    offlineForm: defaultWidget === 'chat' && !error ? offlineForm : null,
  }
  return Response.json(answer, { headers })
}

/**
 * The contact form as the browser renders it: only what the renderer reads (never its mail
 * settings), with the captcha the site settings name for it (the read the chat's settings just made).
 */
async function offlineFormOf(payload: Payload): Promise<OfflineForm | null> {
  const form = await findCurrentForm(payload, CONTACT_FORM_ID)
  if (!form) return null
  const { id, fields, submitLabel, successMessage } = form
  return {
    form: { id, fields, submitLabel, successMessage },
    captcha: captchaConfigFor(form, await readSiteSettings(payload)),
  }
}
