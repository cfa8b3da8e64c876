import { useState } from 'react'
import type { ChatRating } from '../protocol'
import type { ChatPostResult } from '../browser/chatRequest'
import { sendVisitorRequest } from './visitorClient'

const RATING_LABELS: Record<ChatRating, string> = { good: 'Good', bad: 'Bad' }

/**
 * After a chat has ended: a one-click rating, a copy by email to the address given at its start,
 * and a way to start a new chat (the pre-chat or offline form only comes back when the visitor
 * asks for it).
 */
export function EndScreen(props: { report: (result: ChatPostResult) => boolean; onNewChat: () => void }) {
  const [rating, setRating] = useState<ChatRating | null>(null)
  const [mailed, setMailed] = useState(false)
  const [sending, setSending] = useState(false)

  const rate = async (choice: ChatRating) => {
    const result = await sendVisitorRequest({ action: 'rate', rating: choice })
    if (props.report(result)) setRating(choice)
  }
  const mail = async () => {
    setSending(true)
    const result = await sendVisitorRequest({ action: 'transcript' })
    setSending(false)
    if (props.report(result)) setMailed(true)
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
      {mailed ? (
        <p role="status" className="chat-transcript-sent">
          A copy of the chat is on its way to the address you gave when it started.
        </p>
      ) : (
        // Offered whatever this tab knows of the address: the server holds the one given at the start, and says so when there is none.
        <p className="chat-transcript">
          <button type="button" disabled={sending} onClick={() => void mail()}>
            Email me a copy of this chat
          </button>
          <span>It goes to the address you gave when the chat started.</span>
        </p>
      )}
      <button type="button" className="chat-new" onClick={props.onNewChat}>
        Start a new chat
      </button>
    </div>
  )
}
