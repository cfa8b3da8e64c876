import type { CaptchaConfig } from '@/contact/captchaWidget'
import type { RenderedForm } from '@/contact/form/CmsForm'
import { reconnectDelay } from './browser/reconnect'
import { type Availability, availabilityOf } from './protocol'
import type { ConfigError } from './pageConfig'

/** One configuration lookup waits this long for an answer before it counts as failed. */
export const CHAT_CONFIG_LOOKUP_TIMEOUT_MS = 5000

/** A lookup's answer: the widget may run (`ok`), must stay off (`refused`), or nothing usable came (`failed`). */
export type LookupOutcome = { kind: 'ok' } | { kind: 'refused'; error: ConfigError } | { kind: 'failed' }

/**
 * Looks the widget's configuration up before it connects. A failure (network, timeout, server
 * error, malformed answer) is retried with the chat's backoff, 500 ms to 5 s, at most 20 times
 * (the chat reconnect row of docs/constants.md); after the last it becomes `region_failed`. A refusal is final.
 */
export async function lookUpWithRetry(
  attempt: () => Promise<LookupOutcome>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ConfigError | null> {
  for (let retry = 1; ; retry++) {
    const outcome = await attempt().catch((): LookupOutcome => ({ kind: 'failed' }))
    if (outcome.kind === 'ok') return null
    if (outcome.kind === 'refused') return outcome.error
    const delay = reconnectDelay(retry)
    if (delay === null) return 'region_failed'
    await wait(delay)
  }
}

/** The built-in chat's lookup: its own configuration endpoint. */
export const BUILTIN_CONFIG_PATH = '/api/chat/config'

/** The form a visitor fills in when no agent is online: the contact form, with the captcha it asks for. */
export type OfflineForm = { form: RenderedForm; captcha: CaptchaConfig | null }

export type BuiltinConfigAnswer = {
  defaultWidget: string
  error: ConfigError | null
  /** Whether an agent is online now. */
  availability: Availability
  /** Null when the widget may not run, or the contact form is missing. */
  offlineForm: OfflineForm | null
}

const isOfflineForm = (value: unknown): value is OfflineForm =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OfflineForm).form?.id === 'number' &&
  Array.isArray((value as OfflineForm).form.fields)

/** What an answer that lets the widget run brings besides: the offline form, and whether an agent is online now. */
export type BuiltinConfigKept = { offlineForm: OfflineForm | null; availability: Availability | null }

/** Asks the chat's configuration endpoint; `keep` receives what an answer that lets the widget run brings. */
export async function builtinConfigLookup(keep: (kept: BuiltinConfigKept) => void = () => {}): Promise<LookupOutcome> {
  // The answer is the same for every visitor and the front shares it; the browser's own cache is
  // left out, so two tabs' requests never wait on each other's cache entry.
  const response = await fetch(BUILTIN_CONFIG_PATH, {
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(CHAT_CONFIG_LOOKUP_TIMEOUT_MS),
  })
  if (!response.ok) return { kind: 'failed' }
  const answer = (await response.json()) as Partial<BuiltinConfigAnswer> | null
  if (!answer || typeof answer.defaultWidget !== 'string') return { kind: 'failed' }
  if (answer.error) return { kind: 'refused', error: answer.error }
  if (answer.defaultWidget !== 'chat') return { kind: 'refused', error: 'wrong_product' }
  keep({
    offlineForm: isOfflineForm(answer.offlineForm) ? answer.offlineForm : null,
    availability: availabilityOf(answer.availability),
  })
  return { kind: 'ok' }
}
