/**
 * Starts the contact delivery queue, scheduled publishing, chat retention and the known page
 * addresses with the server, so they run without a visit, and has the metrics report whether the
 * database and Redis answer.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { startContactQueueWithServer } = await import('./contact/delivery/startWithServer')
  await startContactQueueWithServer()
  const { startScheduledPublishingWithServer } = await import('./cms/scheduling/startWithServer')
  await startScheduledPublishingWithServer()
  const { startChatRetentionWithServer } = await import('./chat/retention/startWithServer')
  await startChatRetentionWithServer()
  const { startKnownAddressesWithServer } = await import('./cms/knownAddressesLoader')
  await startKnownAddressesWithServer()
  const [{ measureDependencies }, { dependenciesUp }] = await Promise.all([
    import('./metrics/siteMetrics'),
    import('./cms/health'),
  ])
  measureDependencies(() => dependenciesUp(), { redis: Boolean(process.env.REDIS_URL) })
}
