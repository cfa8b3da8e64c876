/** The one-click rating a visitor may give a chat once it has ended. */
export const CHAT_RATINGS = ['good', 'bad'] as const
export type ChatRating = (typeof CHAT_RATINGS)[number]

/** Transcripts one visitor may have mailed per window: enough for a typo, too few to spam an inbox. */
export const CHAT_TRANSCRIPTS_PER_VISITOR = 3
export const CHAT_TRANSCRIPTS_WINDOW_MS = 60 * 60_000
