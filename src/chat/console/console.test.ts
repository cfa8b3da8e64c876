import { describe, expect, it } from 'vitest'
import type { ChatEventView, ConversationSummary, VisitorOnSite } from '../types'
import { withReply } from './ChatPanel'
import { dayBounds } from './HistoryView'
import { firstMessageOf, pageOf } from './SidePanels'
import { badgedTitle } from './useNewChatAlert'

const conversation = (currentPage: string): ConversationSummary => ({
  id: 1,
  visitorId: 'v1',
  name: 'Cora',
  email: '',
  status: 'queued',
  currentPage,
  agentId: null,
})
const onSite = (page: string): VisitorOnSite => ({
  visitorId: 'v1',
  page,
  status: 'queued',
  name: 'Cora',
  conversationId: 1,
})
const event = (id: number, type: 'customer' | 'system', text: string): ChatEventView => ({
  id,
  conversationId: 1,
  type: type === 'system' ? 'system' : 'message',
  author: { type, name: type },
  timestamp: '2026-01-01T00:00:00.000Z',
  text,
})

describe('agent console helpers', () => {
  it('names the page from the live visitor list first, then the conversation, never "unknown" when either knows', () => {
    expect(pageOf(conversation(''), [onSite('/counties')])).toBe('/counties')
    expect(pageOf(conversation('/about'), [onSite('/counties')])).toBe('/counties')
    expect(pageOf(conversation('/about'), [])).toBe('/about')
    expect(pageOf(conversation(''), [])).toBe('')
  })

  it("takes the visitor's first message, skipping system notes", () => {
    expect(
      firstMessageOf([
        event(1, 'system', 'You are in the queue.'),
        event(2, 'customer', 'Hi'),
        event(3, 'customer', 'More'),
      ]),
    ).toBe('Hi')
    expect(firstMessageOf(undefined)).toBe('')
  })

  it('appends a saved reply to the draft, or makes it the draft when there is none', () => {
    expect(withReply('', 'Saved.')).toBe('Saved.')
    expect(withReply('Hi Ann.  ', 'Saved.')).toBe('Hi Ann. Saved.')
  })

  it('badges the title only while chats are unseen', () => {
    expect(badgedTitle('Chat console', 0)).toBe('Chat console')
    expect(badgedTitle('Chat console', 2)).toBe('(2) Chat console')
  })

  it('turns a picked day into the instants it starts and ends, and refuses what is not a day', () => {
    const bounds = dayBounds('2026-03-08')!
    expect(new Date(bounds.from).getDate()).toBe(8)
    expect(new Date(bounds.to).getDate()).toBe(8)
    expect(new Date(new Date(bounds.to).getTime() + 1).getDate()).toBe(9)
    expect(dayBounds('')).toBeNull()
    expect(dayBounds('soon')).toBeNull()
  })
})
