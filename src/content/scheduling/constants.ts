/** Payload's task behind "Schedule publish" (versions.drafts.schedulePublish). */
export const SCHEDULE_PUBLISH_TASK = 'schedulePublish'
/**
 * How often the server looks for scheduled publishes and unpublishes that are due: a change goes
 * public at most this long (plus the time of the publish itself) after the time the editor chose.
 */
export const SCHEDULE_POLL_INTERVAL_MS = 10_000
/**
 * A scheduled job claimed this long ago and still not done belongs to a process that died while
 * running it (a publish takes well under a second), so the next poll runs it again.
 */
export const SCHEDULE_STALE_CLAIM_MS = 5 * 60_000
