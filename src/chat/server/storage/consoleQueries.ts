import type { Payload, Where } from 'payload'
import { IN_PROGRESS_STATUSES } from '../../constants'
import type { CannedReply, HistoryEntry } from '../../protocol'
import { ChatRequestError } from '../errors'

/** Past conversations one history search returns, newest first. */
export const HISTORY_PAGE_SIZE = 50

/** Longest visitor search an agent may type. */
export const HISTORY_QUERY_MAX_CHARS = 120

/** Saved replies the console loads; an admin keeps a short list. */
export const CANNED_REPLIES_MAX = 100

/** Statuses of a chat still in progress: everything else is history. */

export type HistorySearch = { query: string; from: string | null; to: string | null }

/** Reads a history search from a request body; anything malformed is refused with plain words. */
export function historySearchOf(body: Record<string, unknown>): HistorySearch {
  const query = body.query ?? ''
  if (typeof query !== 'string') throw new ChatRequestError(400, 'The search must be text.')
  if (query.length > HISTORY_QUERY_MAX_CHARS) throw new ChatRequestError(400, 'The search is too long.')
  return { query: query.trim(), from: instantOf(body.from, 'start'), to: instantOf(body.to, 'end') }
}

function instantOf(value: unknown, which: string): string | null {
  if (value == null || value === '') return null
  if (typeof value !== 'string' || value.length > 40 || Number.isNaN(Date.parse(value))) {
    throw new ChatRequestError(400, `The ${which} date is not a date.`)
  }
  return new Date(value).toISOString()
}

/** Conversations no longer in progress, matching the visitor's name or email and active within the dates. */
export async function searchHistory(payload: Payload, search: HistorySearch): Promise<HistoryEntry[]> {
  const where: Where[] = [{ status: { not_in: [...IN_PROGRESS_STATUSES] } }]
  // SQL's wildcards stay out of the database's LIKE; the words are then matched as plain text below.
  const safe = search.query.replace(/[%_\\]/g, ' ').trim()
  if (safe) where.push({ or: [{ name: { like: safe } }, { email: { like: safe } }] })
  // A conversation belongs to a day when it started before the day ended and was last active after it began.
  if (search.from) where.push({ updatedAt: { greater_than_equal: search.from } })
  if (search.to) where.push({ createdAt: { less_than_equal: search.to } })
  const { docs } = await payload.find({
    collection: 'chat-conversations',
    where: { and: where },
    sort: '-updatedAt',
    limit: HISTORY_PAGE_SIZE,
    depth: 0,
    pagination: false,
  })
  const words = search.query.toLowerCase().split(/\s+/).filter(Boolean)
  const matches = (doc: { name?: string | null; email?: string | null }) =>
    words.every((word) => `${doc.name ?? ''} ${doc.email ?? ''}`.toLowerCase().includes(word))
  return docs.filter(matches).map((doc) => ({
    id: doc.id,
    name: doc.name ?? '',
    email: doc.email ?? '',
    startedAt: doc.createdAt,
    lastActiveAt: doc.updatedAt,
    rating: doc.rating ?? null,
  }))
}

export async function cannedReplies(payload: Payload): Promise<CannedReply[]> {
  const { docs } = await payload.find({
    collection: 'chat-canned-replies',
    sort: 'title',
    limit: CANNED_REPLIES_MAX,
    depth: 0,
    pagination: false,
  })
  return docs.map((doc) => ({ id: doc.id, title: doc.title, text: doc.text }))
}
