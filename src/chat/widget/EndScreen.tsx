import { useState } from 'react'
import type { ChatRating } from '../afterChat'
import { type ChatPostResult, visitorAction } from './client'

const RATING_LABELS: Record<ChatRating, string> = { good: 'Good', bad: 'Bad' }

/**
 * After a chat has ended: a one-click rating, the transcript by email, and a way to start a new
 * chat (the pre-chat or offline form only comes back when the visitor asks for it).
 */
export function EndScreen(props: {
  email: string
  report: (result: ChatPostResult) => boolean
  onNewChat: () => void
}) {
  const [rating, setRating] = useState<ChatRating | null>(null)
  const [email, setEmail] = useState(props.email)
  const [mailedTo, setMailedTo] = useState('')
  const [sending, setSending] = useState(false)

  const rate = async (choice: ChatRating) => {
    const result = await visitorAction('rate', { rating: choice })
    if (props.report(result)) setRating(choice)
  }
  const mail = async () => {
    setSending(true)
    const result = await visitorAction('transcript', { email: email.trim() })
    setSending(false)
    if (props.report(result)) setMailedTo(email.trim())
  }

  return (
    <div className="chat-ended">
      <p className="chat-ended-title">The chat has ended.</p>
      <fieldset className="chat-rating" disabled={rating !== null}>
        <legend>How was this chat?</legend>
        {(Object.keys(RATING_LABELS) as ChatRating[]).map((choice) => (
          <button key={choice} type="button" aria-pressed={rating === choice} onClick={() => void rate(choice)}>
            {RATING_LABELS[choice]}
          </button>
        ))}
        {rating && <p role="status">Thank you for your rating.</p>}
      </fieldset>
      {mailedTo ? (
        <p role="status" className="chat-transcript-sent">
          The transcript is on its way to {mailedTo}.
        </p>
      ) : (
        <form
          className="chat-transcript"
          onSubmit={(event) => {
            event.preventDefault()
            void mail()
          }}
        >
          <label>
            Email me the transcript
            <input
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <button type="submit" disabled={sending}>
            Send transcript
          </button>
        </form>
      )}
      <button type="button" className="chat-new" onClick={props.onNewChat}>
        Start a new chat
      </button>
    </div>
  )
}
