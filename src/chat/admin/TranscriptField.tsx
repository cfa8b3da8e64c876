import type { UIFieldServerProps } from 'payload'
import { BUSINESS_TIMEZONE } from '@/content/businessHours'
import { eventText, transcriptEvents } from '../server/storage/transcript'
import './transcript.css'

/** The conversation's messages in order (who, when, what, files as links), read-only. */
export async function TranscriptField({ id, payload }: UIFieldServerProps) {
  if (id == null) return null
  const events = await transcriptEvents(payload, id)
  return (
    <section className="chat-transcript" aria-label="Transcript">
      <h3 className="chat-transcript__title">Transcript</h3>
      {events.length === 0 ? (
        <p className="chat-transcript__empty">No messages in this conversation.</p>
      ) : (
        <ol className="chat-transcript__events">
          {events.map((event) => (
            <li key={event.id} className={`chat-transcript__event chat-transcript__event--${event.author.type}`}>
              <span className="chat-transcript__who">{event.author.name || event.author.type}</span>{' '}
              <time className="chat-transcript__when" dateTime={event.timestamp}>
                {new Date(event.timestamp).toLocaleString('en-US', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: BUSINESS_TIMEZONE,
                })}
              </time>
              {event.file ? (
                <a className="chat-transcript__file" href={event.file.url} target="_blank" rel="noreferrer">
                  {event.file.name}
                </a>
              ) : (
                <p className="chat-transcript__text">{eventText(event)}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
