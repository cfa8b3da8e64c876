/** What a visitor reads when an agent dismisses their queued chat (kept free of imports so tests can read it). */
export const DISMISSED_CHAT_TEXT =
  'No agent could take this chat, so it was closed. Please start a new chat or leave us a message.'
