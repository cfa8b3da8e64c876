/** Transcripts one visitor may have mailed per window: enough for a typo, too few to spam an inbox. */
export const CHAT_TRANSCRIPTS_PER_VISITOR = 3
export const CHAT_TRANSCRIPTS_WINDOW_MS = 60 * 60_000

/** Transcripts mailed to one address per window, whichever visitors ask: one inbox cannot be flooded. */
export const CHAT_TRANSCRIPTS_PER_RECIPIENT = 3
/** Transcripts the site mails on visitors' requests per window, all visitors together. */
export const CHAT_TRANSCRIPTS_PER_SITE = 60

/** What the end screen and the server say when a chat has no address to send its transcript to. */
export const NO_TRANSCRIPT_ADDRESS_MESSAGE =
  'A transcript goes only to the email address given when the chat started, and none was given.'
/** What they say when no agent took part in the chat. */
export const NO_AGENT_TRANSCRIPT_MESSAGE = 'A transcript is sent only for a chat with one of our staff.'
