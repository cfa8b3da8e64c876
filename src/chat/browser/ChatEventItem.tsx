import type { ChatEventView } from '../protocol'

/** The side of an agent's photo beside their name, in CSS pixels. */
const AUTHOR_PHOTO_PX = 28

const timeOf = (timestamp: string) =>
  new Date(timestamp).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })

/** One event in a conversation; every text is rendered as text, never as HTML. */
export function ChatEventItem({ event, onChoose }: { event: ChatEventView; onChoose?: (label: string) => void }) {
  return (
    <li
      className={`chat-event chat-event-${event.type} from-${event.author.type}`}
      data-event-id={event.id}
      data-event-type={event.type}
    >
      {event.type !== 'system' && (
        <span className="chat-event-author">
          {event.author.photo && (
            // Beside the name it shows, so it says nothing more to a screen reader.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              className="chat-event-photo"
              src={event.author.photo}
              alt=""
              width={AUTHOR_PHOTO_PX}
              height={AUTHOR_PHOTO_PX}
            />
          )}
          {event.author.name || (event.author.type === 'customer' ? 'You' : 'Agent')}
        </span>
      )}
      <EventBody event={event} onChoose={onChoose} />
      <time className="chat-event-time" dateTime={event.timestamp}>
        {timeOf(event.timestamp)}
      </time>
    </li>
  )
}

function EventBody({ event, onChoose }: { event: ChatEventView; onChoose?: (label: string) => void }) {
  switch (event.type) {
    case 'emoji':
      return <span className="chat-event-text chat-emoji-large">{event.text}</span>
    case 'rich_message':
      return (
        <div className="chat-event-text">
          <p>{event.text}</p>
          <div className="chat-rich-buttons">
            {event.buttons?.map((label) => (
              <button key={label} type="button" disabled={!onChoose} onClick={() => onChoose?.(label)}>
                {label}
              </button>
            ))}
          </div>
        </div>
      )
    case 'file':
      return event.file ? (
        <a className="chat-event-text chat-file" href={event.file.url} target="_blank" rel="noopener">
          {event.file.name} ({Math.ceil(event.file.size / 1024)} KB)
        </a>
      ) : null
    case 'custom':
      return <code className="chat-event-text chat-custom">{JSON.stringify(event.customData)}</code>
    default:
      return <span className="chat-event-text">{event.text}</span>
  }
}
