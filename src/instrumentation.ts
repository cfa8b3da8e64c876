/**
 * Starts the contact delivery queue, scheduled publishing, chat housekeeping and the known page
 * addresses with the server, so they run without a visit, and has the metrics report whether the
 * database and Redis answer. Each job gets the site's Payload from the one door to it; a job that
 * cannot start is logged and the others still start.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const [{ startWithServer }, { siteMetrics, measureDependencies }, { dependenciesUp }] = await Promise.all([
    import('@/platform/sitePayload'),
    import('./metrics/siteMetrics'),
    import('@/platform/health'),
  ])
  await startWithServer('contact queue', async (payload) => {
    const { countWaitingEmails, startContactQueue } = await import('./contact/delivery/runner')
    startContactQueue(payload)
    siteMetrics().measureOutboxDepth(() => countWaitingEmails(payload))
  })
  await startWithServer('schedule', async (payload) => {
    const { startScheduledPublishing } = await import('@/content/scheduling/runner')
    startScheduledPublishing(payload)
  })
  await startWithServer('chat housekeeping', async (payload) => {
    const { startChatHousekeeping } = await import('./chat/retention/housekeeping')
    await startChatHousekeeping(payload)
  })
  await startWithServer('known addresses', async (payload) => {
    const { keepKnownAddressesFresh } = await import('@/content/knownAddressesLoader')
    await keepKnownAddressesFresh(payload)
  })
  measureDependencies(() => dependenciesUp(), {
    redis: Boolean(process.env.REDIS_URL),
    storage: Boolean(process.env.S3_BUCKET?.trim()),
  })
}
