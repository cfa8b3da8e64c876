import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ChatEventView } from '../protocol'
import { ChatEventItem } from './ChatEventItem'

const message = (author: ChatEventView['author']): ChatEventView => ({
  id: 7,
  conversationId: 3,
  type: 'message',
  author,
  timestamp: '2026-11-29T10:00:00.000Z',
  text: 'Your search is ready.',
})

const render = (event: ChatEventView) => renderToStaticMarkup(createElement(ChatEventItem, { event }))

describe('a chat message', () => {
  it("shows the agent's photo beside their name, as decoration the name already says", () => {
    const html = render(message({ type: 'agent', name: 'Sam', photo: '/api/media/file/sam-400x400.webp' }))
    expect(html).toMatch(
      /<span class="chat-event-author"><img class="chat-event-photo" src="\/api\/media\/file\/sam-400x400.webp" alt=""[^>]*\/?>Sam<\/span>/,
    )
  })

  it('shows no image when the author has no photo', () => {
    const html = render(message({ type: 'agent', name: 'Sam' }))
    expect(html).not.toContain('<img')
    expect(html).toContain('<span class="chat-event-author">Sam</span>')
  })
})
