import { describe, expect, it } from 'vitest'
import type { ChatEventView, ConversationSummary, VisitorOnSite } from '../protocol'
import { availabilityNoticeText } from './AlertControls'
import { withReply } from './ChatPanel'
import { dayBounds, ratingText } from './HistoryView'
import { firstMessageOf, pageOf, visitorLeft } from './SidePanels'
import { consoleReducer, initialConsoleState } from './state'
import { badgedTitle } from './useWaitingAlert'

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

  it('counts the visitors waiting in the title, and none when nobody waits', () => {
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

  it('marks a waiting visitor as left only when the visitor list is whole and has no tab of theirs', () => {
    expect(visitorLeft(conversation('/'), [], true)).toBe(true)
    expect(visitorLeft(conversation('/'), [onSite('/')], true)).toBe(false)
    // A list cut at the server's cap may simply not reach them.
    expect(visitorLeft(conversation('/'), [], false)).toBe(false)
  })

  it('keeps a chat an agent held on screen, marked ended, until the agent closes it', () => {
    const held = { ...conversation('/'), status: 'chatting' as const, agentId: 7 }
    const chatting = consoleReducer(initialConsoleState, { name: 'conversation', data: held })
    const afterEnd = consoleReducer(chatting, { name: 'conversation', data: { ...held, status: 'browsing' } })
    expect(afterEnd.ended.get(held.id)).toEqual(held)
    // The same visitor asking again reopens it as a live chat.
    const again = consoleReducer(afterEnd, { name: 'conversation', data: { ...held, status: 'queued' } })
    expect(again.ended.has(held.id)).toBe(false)
    expect(consoleReducer(afterEnd, { name: 'close', data: held.id }).ended.has(held.id)).toBe(false)
    // Closed first (the agent's own End chat), its end arriving afterwards does not bring it back.
    const closedFirst = consoleReducer(chatting, { name: 'close', data: held.id })
    const endArrives = consoleReducer(closedFirst, { name: 'conversation', data: { ...held, status: 'browsing' } })
    expect(endArrives.ended.has(held.id)).toBe(false)
    // A waiting chat nobody took that ends is not anyone's to close.
    const queued = consoleReducer(initialConsoleState, { name: 'conversation', data: conversation('/') })
    const dismissed = consoleReducer(queued, {
      name: 'conversation',
      data: { ...conversation('/'), status: 'browsing' },
    })
    expect(dismissed.ended.size).toBe(0)
  })

  it('clears the visitor typing indicator of a chat once it ends', () => {
    const held = { ...conversation('/'), status: 'chatting' as const, agentId: 7 }
    const chatting = consoleReducer(initialConsoleState, { name: 'conversation', data: held })
    const typing = consoleReducer(chatting, {
      name: 'typing',
      data: { conversationId: held.id, typing: true, who: 'customer' },
    })
    expect(typing.typing.has(held.id)).toBe(true)
    const ended = consoleReducer(typing, { name: 'conversation', data: { ...held, status: 'browsing' } })
    expect(ended.typing.has(held.id)).toBe(false)
  })

  it("words the visitor's rating for the history, and says nothing of a chat they did not rate", () => {
    expect(ratingText('good')).toBe('Rated good')
    expect(ratingText('bad')).toBe('Rated bad')
    expect(ratingText(null)).toBe('')
  })

  it('says outside opening hours that visitors see the chat offline, whoever is online, and nothing while they see it online', () => {
    expect(availabilityNoticeText({ availability: 'offline', withinOpeningHours: false }, 'online')).toMatch(
      /^Outside opening hours: visitors see the chat as offline/,
    )
    expect(availabilityNoticeText({ availability: 'online', withinOpeningHours: true }, 'online')).toBe('')
    expect(availabilityNoticeText(null, 'online')).toBe('')
  })

  it("counts a visitor's new messages in a chat not on screen, and clears them once it is shown", () => {
    const chatEvent = (id: number, conversationId: number): ChatEventView => ({
      ...event(id, 'customer', `Message ${id}`),
      conversationId,
    })
    let state = consoleReducer(initialConsoleState, { name: 'chat', data: chatEvent(1, 2) })
    // What the stream replays on opening was there before: not counted.
    expect(state.unread.size).toBe(0)
    state = consoleReducer(state, { name: 'synced', data: { lastEventId: 1 } })
    state = consoleReducer(state, { name: 'show', data: { conversationId: 1, leaving: null } })
    state = consoleReducer(state, { name: 'chat', data: chatEvent(2, 2) })
    state = consoleReducer(state, { name: 'chat', data: chatEvent(3, 2) })
    state = consoleReducer(state, { name: 'chat', data: chatEvent(4, 1) })
    expect(Object.fromEntries(state.unread)).toEqual({ 2: 2 })
    state = consoleReducer(state, { name: 'show', data: { conversationId: 2, leaving: 1 } })
    expect(state.unread.size).toBe(0)
  })
})
