/** Starts the contact delivery queue and scheduled publishing with the server, so both run without a visit. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { startContactQueueWithServer } = await import('./contact/delivery/startWithServer')
  await startContactQueueWithServer()
  const { startScheduledPublishingWithServer } = await import('./cms/scheduling/startWithServer')
  await startScheduledPublishingWithServer()
}
