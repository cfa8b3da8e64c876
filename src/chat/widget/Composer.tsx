import { type FormEvent, useRef, useState } from 'react'
import { sendOnEnter } from '../browser/sendOnEnter'
import { useTypingSignal } from '../browser/useTypingSignal'
import { sendVisitorRequest } from './visitorClient'

/** Visitor typing signals are sent at most this often. */
export const TYPING_SIGNAL_INTERVAL_MS = 3000
const QUICK_EMOJI = ['👍', '🙂', '🙏']

/** The conversation's controls: the message box, quick emoji, attaching a file, ending the chat. */
export function Composer(props: {
  status: string
  onSend: (text: string, type?: 'message' | 'emoji') => Promise<boolean>
  onFile: (file: File) => Promise<boolean>
  onEnd: () => Promise<boolean>
}) {
  const [text, setText] = useState('')
  const signalTyping = useTypingSignal(
    TYPING_SIGNAL_INTERVAL_MS,
    () => void sendVisitorRequest({ action: 'typing', typing: true }),
  )
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
          signalTyping()
        }}
        onKeyDown={sendOnEnter}
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
