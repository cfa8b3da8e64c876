/** Starts the contact delivery queue with the server, so mail left queued goes out without a visit. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { startContactQueueWithServer } = await import('./contact/delivery/startWithServer')
  await startContactQueueWithServer()
}
