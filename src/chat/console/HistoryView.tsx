'use client'

import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { ChatEventView, HistoryEntry } from '../protocol'
import { ChatEventItem } from '../browser/ChatEventItem'
import { fetchHistory, fetchTranscript } from './agentClient'

/** A day picked in the agent's own time zone, as the instants it starts and ends. */
export function dayBounds(day: string): { from: string; to: string } | null {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return null
  const start = new Date(year, month - 1, date)
  const end = new Date(year, month - 1, date + 1)
  return { from: start.toISOString(), to: new Date(end.getTime() - 1).toISOString() }
}

const when = (iso: string) => new Date(iso).toLocaleString()

/** The visitor's rating in words ("Rated good"), or nothing when they gave none. */
export const ratingText = (rating: HistoryEntry['rating']) => (rating ? `Rated ${rating}` : '')

/** Past chats: search by visitor and day, open one to read its transcript. */
export function HistoryView() {
  const [query, setQuery] = useState('')
  const [day, setDay] = useState('')
  const [results, setResults] = useState<HistoryEntry[] | null>(null)
  const [open, setOpen] = useState<{ entry: HistoryEntry; events: ChatEventView[] } | null>(null)
  const [error, setError] = useState('')
  const transcriptHeading = useRef<HTMLHeadingElement>(null)

  // Only the latest search's answer is shown: the opening list answering late must not replace it.
  const latestSearch = useRef(0)
  const showIfLatest = (ticket: number, result: Awaited<ReturnType<typeof fetchHistory>>) => {
    if (ticket !== latestSearch.current) return
    setError(result.ok ? '' : result.error)
    if (result.ok) setResults(result.value)
  }
  const search = async (event: FormEvent) => {
    event.preventDefault()
    const ticket = ++latestSearch.current
    showIfLatest(ticket, await fetchHistory({ query, ...(dayBounds(day) ?? {}) }))
  }
  const show = async (entry: HistoryEntry) => {
    const result = await fetchTranscript(entry.id)
    setError(result.ok ? '' : result.error)
    if (result.ok) setOpen({ entry, events: result.value })
  }
  // Opening the history lists the latest chats; later searches run when the agent asks.
  useEffect(() => {
    const ticket = ++latestSearch.current
    void fetchHistory({ query: '' }).then((result) => showIfLatest(ticket, result))
  }, [])
  useEffect(() => {
    if (open) transcriptHeading.current?.focus()
  }, [open])

  return (
    <div className="agent-history">
      <section aria-labelledby="history-title" className="agent-card">
        <h2 id="history-title">Past chats</h2>
        <form className="agent-history-search" role="search" onSubmit={search}>
          <label>
            Visitor name or email
            <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
          </label>
          <label>
            Day
            <input type="date" value={day} onChange={(event) => setDay(event.target.value)} />
          </label>
          <button type="submit" className="agent-button">
            Search
          </button>
        </form>
        {error && (
          <p className="agent-error" role="alert">
            {error}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {results ? `${results.length} past chats found` : ''}
        </p>
        {results?.length === 0 && <p className="agent-empty">No past chats match.</p>}
        <ul className="agent-history-list">
          {results?.map((entry) => (
            <li key={entry.id} data-conversation-id={entry.id}>
              <button type="button" className="agent-history-open" onClick={() => void show(entry)}>
                <span className="agent-history-who">
                  {entry.name || 'Visitor'} {entry.email && `(${entry.email})`}
                </span>
                <span className="agent-history-when">Last active {when(entry.lastActiveAt)}</span>
                {entry.rating && (
                  <span className="agent-history-rating" data-rating={entry.rating}>
                    {ratingText(entry.rating)}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {open && (
        <section aria-labelledby="history-transcript-title" className="agent-card agent-history-transcript">
          <h2 id="history-transcript-title" tabIndex={-1} ref={transcriptHeading}>
            Transcript: {open.entry.name || 'Visitor'} <small>{open.entry.email}</small>
          </h2>
          <p>
            Started {when(open.entry.startedAt)}, last active {when(open.entry.lastActiveAt)}
            {open.entry.rating ? `. ${ratingText(open.entry.rating)} by the visitor.` : '. Not rated.'}
          </p>
          <div
            className="chat-log-region"
            role="log"
            aria-label={`Past transcript with ${open.entry.name || 'visitor'}`}
          >
            <ol className="chat-log">
              {open.events.map((event) => (
                <ChatEventItem key={event.id} event={event} />
              ))}
            </ol>
          </div>
          <button type="button" className="agent-button agent-button--quiet" onClick={() => setOpen(null)}>
            Close transcript
          </button>
        </section>
      )}
    </div>
  )
}
