'use client'

import { usePathname } from 'next/navigation'
import { type FormEvent, memo, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { CHAT_STARTED_EVENT } from '@/analytics/events'
import { trackEvent } from '@/analytics/trackEvent'
import { CmsForm, DEFAULT_SUCCESS_TEXT } from '@/contact/form/CmsForm'
import { FORM_SENT_EVENT } from '@/contact/form/events'
import { hostAllowed } from '../domains'
import type { LiveChatWidgetApi } from '../stub'
import { type ChatPostResult, uploadFile, visitorAction } from './client'
import { builtinConfigLookup, lookUpWithRetry, type OfflineForm } from '../lookup'
import type { ChatConfig, ConfigError } from './config'
import { DIRECT_LINK_HASH, warnDisabled } from './config'
import { WidgetController } from './controller'
import { ChatEventItem } from './ChatEventItem'
import { createChime } from './sound'
import './widget.css'

/** Visitor typing signals are sent at most this often. */
export const TYPING_SIGNAL_INTERVAL_MS = 3000
const QUICK_EMOJI = ['👍', '🙂', '🙏']

/** Prefix of the offline form's element ids, unique beside the same form on the contact page. */
export const OFFLINE_FORM_ID_PREFIX = 'chat-offline-'

/** What takes focus when the window opens: its first field or button, never a hidden one or the honeypot. */
const FIRST_FOCUSABLE =
  ':is(input:not([type="hidden"]), textarea, select, button:not([data-close]), [role="combobox"]):not([tabindex="-1"], [disabled])'

/** The built-in chat: launcher, window, pre-chat and offline forms, conversation. */
export default function VisitorWidget({ config }: { config: ChatConfig }) {
  const controller = useMemo(() => new WidgetController(createChime()), [])
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  const pathname = usePathname()
  const launcherRef = useRef<HTMLButtonElement>(null)
  const windowRef = useRef<HTMLElement>(null)
  const [error, setError] = useState('')
  const [configured, setConfigured] = useState(false)
  const [offlineForm, setOfflineForm] = useState<OfflineForm | null>(null)
  const ids = useId()
  const titleId = `${ids}-title`

  useEffect(() => {
    const api = (window.LiveChatWidget ?? {}) as LiveChatWidgetApi
    window.LiveChatWidget = api
    const refusal =
      config.configError ??
      (hostAllowed(window.location.hostname, config.siteHostname, config.allowedDomains) ? null : 'domain_not_allowed')
    const refuse = (cause: ConfigError) => {
      warnDisabled(cause)
      controller.disable()
      controller.install(api)
    }
    if (refusal) return refuse(refusal)
    let cancelled = false
    // The widget looks its configuration up before it connects (see ../lookup.ts).
    let offline: OfflineForm | null = null
    void lookUpWithRetry(() => builtinConfigLookup((found) => (offline = found))).then((error) => {
      if (cancelled) return
      if (error) return refuse(error)
      controller.install(api)
      controller.start(window.location.pathname)
      setOfflineForm(offline)
      setConfigured(true)
      // A direct chat link (/chat) lands on the site with #chat: open the window.
      if (window.location.hash === DIRECT_LINK_HASH) controller.setVisibility('maximized')
    })
    return () => {
      cancelled = true
      controller.disable()
    }
  }, [controller, config])

  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = pathname
    void visitorAction('page', { page: pathname })
  }, [pathname])

  // Focus follows the window: into it when it opens, back to the launcher when it closes.
  const wasOpen = useRef(false)
  useEffect(() => {
    const open = state.visibility === 'maximized'
    if (open && !wasOpen.current) {
      windowRef.current?.querySelector<HTMLElement>(FIRST_FOCUSABLE)?.focus()
    } else if (!open && wasOpen.current && state.visibility === 'minimized') {
      launcherRef.current?.focus()
    }
    wasOpen.current = open
  }, [state.visibility])

  if (!configured || state.disabled || state.visibility === 'hidden') return null

  const report = (result: ChatPostResult) => {
    setError(result.ok ? '' : result.error)
    return result.ok
  }
  const send = async (text: string, type: 'message' | 'emoji' = 'message') =>
    report(await visitorAction('message', { type, text }))

  const open = state.visibility === 'maximized'
  const { status } = state.customer
  const inChat = status !== 'browsing'
  const windowId = `${ids}-window`

  return (
    <div
      className="chat-widget"
      data-availability={state.availability}
      data-status={status}
      data-connection={state.connection}
    >
      {!open && (
        <button
          ref={launcherRef}
          type="button"
          className="chat-launcher"
          aria-expanded={false}
          aria-controls={windowId}
          onClick={() => controller.setVisibility('maximized')}
        >
          <span>{state.availability === 'online' ? 'Chat with us' : 'Leave a message'}</span>
          {state.unread > 0 && (
            <span className="chat-unread" data-count={state.unread}>
              {state.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </button>
      )}
      {open && (
        <section
          ref={windowRef}
          id={windowId}
          className="chat-window"
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            // An Escape that a control inside used (a dropdown closing its list) leaves the window open.
            if (event.key === 'Escape' && !event.defaultPrevented) controller.setVisibility('minimized')
          }}
        >
          <header className="chat-window-header">
            <h2 id={titleId} className="chat-title">
              Chat
            </h2>
            <p className="chat-availability">
              {state.availability === 'online' ? 'Agents are online' : 'We are offline'}
            </p>
            <button
              type="button"
              className="chat-minimize"
              data-close
              onClick={() => controller.setVisibility('minimized')}
            >
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">Minimize chat</span>
            </button>
          </header>
          {state.connection === 'failed' && (
            <p className="chat-connection-lost" role="alert">
              The chat is offline: we could not reconnect.{' '}
              <button type="button" onClick={() => controller.retry()}>
                Try again
              </button>
            </p>
          )}
          {state.events.length > 0 && (
            <div className="chat-log-region" role="log" aria-label="Conversation">
              <ol className="chat-log">
                {state.events.map((event) => (
                  <ChatEventItem key={event.id} event={event} onChoose={(label) => void send(label)} />
                ))}
              </ol>
            </div>
          )}
          <p className="chat-typing" aria-live="polite">
            {state.agentTyping ? `${state.agentTyping} is typing…` : ''}
          </p>
          {error && (
            <p className="chat-error" role="alert">
              {error}
            </p>
          )}
          {inChat ? (
            <Composer
              status={status}
              onSend={send}
              onFile={async (file) => report(await uploadFile(file))}
              onEnd={async () => report(await visitorAction('end'))}
            />
          ) : state.availability === 'online' ? (
            <PreChatForm
              name={state.customer.name}
              email={state.customer.email}
              onStart={async (name, email) => {
                const started = report(await visitorAction('start', { name, email }))
                if (started) trackEvent(CHAT_STARTED_EVENT)
                return started
              }}
            />
          ) : (
            <OfflineMessage offline={offlineForm} name={state.customer.name} email={state.customer.email} />
          )}
        </section>
      )}
    </div>
  )
}

function Composer(props: {
  status: string
  onSend: (text: string, type?: 'message' | 'emoji') => Promise<boolean>
  onFile: (file: File) => Promise<boolean>
  onEnd: () => Promise<boolean>
}) {
  const [text, setText] = useState('')
  const lastTyping = useRef(0)
  const fileRef = useRef<HTMLInputElement>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const sent = text
    if (!sent.trim()) return
    // Only clear what was sent: the visitor may already be typing the next message.
    if (await props.onSend(sent)) setText((current) => (current === sent ? '' : current))
  }
  return (
    <form className="chat-composer" onSubmit={submit}>
      {props.status === 'queued' && <p className="chat-queue-note">Waiting for an agent…</p>}
      <label className="visually-hidden" htmlFor="chat-message-input">
        Message
      </label>
      <textarea
        id="chat-message-input"
        className="chat-input"
        rows={2}
        value={text}
        placeholder="Type your message"
        onChange={(event) => {
          setText(event.target.value)
          if (Date.now() - lastTyping.current > TYPING_SIGNAL_INTERVAL_MS) {
            lastTyping.current = Date.now()
            void visitorAction('typing', { typing: true })
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault()
            event.currentTarget.form?.requestSubmit()
          }
        }}
      />
      <div className="chat-composer-actions">
        <button type="submit" className="chat-send">
          Send
        </button>
        {QUICK_EMOJI.map((emoji) => (
          <button key={emoji} type="button" className="chat-emoji" onClick={() => void props.onSend(emoji, 'emoji')}>
            <span aria-hidden="true">{emoji}</span>
            <span className="visually-hidden">Send {emoji}</span>
          </button>
        ))}
        <label className="chat-attach">
          <span>Attach a file</span>
          <input
            ref={fileRef}
            type="file"
            className="visually-hidden"
            onChange={async (event) => {
              const file = event.target.files?.[0]
              if (file) await props.onFile(file)
              if (fileRef.current) fileRef.current.value = ''
            }}
          />
        </label>
        <button type="button" className="chat-end" onClick={() => void props.onEnd()}>
          End chat
        </button>
      </div>
    </form>
  )
}

function PreChatForm(props: {
  name: string
  email: string
  onStart: (name: string, email: string) => Promise<boolean>
}) {
  const [name, setName] = useState(props.name)
  const [email, setEmail] = useState(props.email)
  return (
    <form
      className="chat-prechat"
      onSubmit={(event) => {
        event.preventDefault()
        void props.onStart(name.trim(), email.trim())
      }}
    >
      <p>Tell us who you are and an agent will join you.</p>
      <label>
        Name
        <input name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <button type="submit" className="chat-start">
        Start chat
      </button>
    </form>
  )
}

/** Rendered once: a new render would hand the form's behaviour a new configuration and attach it again. */
const OfflineContactForm = memo(CmsForm)

/**
 * No agent online: the visitor leaves a message through the contact form, the same form, checks,
 * captcha and sending as the contact page. Once it is sent, the form gives way to its success text.
 */
function OfflineMessage({ offline, name, email }: { offline: OfflineForm | null; name: string; email: string }) {
  const [sent, setSent] = useState(false)
  const holder = useRef<HTMLDivElement>(null)
  const notice = useRef<HTMLParagraphElement>(null)
  const prefill = useRef({ name, email })

  useEffect(() => {
    const node = holder.current
    if (!node) return
    // What the page told the widget about the visitor (set_customer_name, set_customer_email) fills the form.
    const form = node.querySelector('form')
    for (const [field, value] of Object.entries(prefill.current)) {
      const control = form?.elements.namedItem(field)
      if (value && control instanceof HTMLInputElement && control.value === '') control.value = value
    }
    const onSent = () => setSent(true)
    node.addEventListener(FORM_SENT_EVENT, onSent)
    return () => node.removeEventListener(FORM_SENT_EVENT, onSent)
  }, [])

  useEffect(() => {
    if (sent) notice.current?.focus()
  }, [sent])

  if (!offline) {
    return <p className="chat-offline-note">No agent is online. Please use our contact page to leave a message.</p>
  }
  return (
    <div ref={holder} className="chat-offline">
      {sent ? (
        <p ref={notice} className="chat-offline-sent" role="status" tabIndex={-1}>
          {offline.form.successMessage || DEFAULT_SUCCESS_TEXT}
        </p>
      ) : (
        <>
          <p>No agent is online. Leave a message and we will answer by email.</p>
          <OfflineContactForm form={offline.form} captcha={offline.captcha} idPrefix={OFFLINE_FORM_ID_PREFIX} />
        </>
      )}
    </div>
  )
}
