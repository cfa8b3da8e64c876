/** How often the server looks for ended conversations past the retention setting; a day's granularity needs no more. */
export const CHAT_RETENTION_POLL_INTERVAL_MS = 60 * 60_000
/** Conversations deleted per query of a run; the run goes on until none is left. */
export const CHAT_RETENTION_BATCH = 50
export const DAY_MS = 24 * 60 * 60_000
