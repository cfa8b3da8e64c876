import config from '@payload-config'
import { getPayload } from 'payload'
import { siteMetrics } from '@/metrics/siteMetrics'
import { countWaitingEmails, startContactQueue } from './runner'

export async function startContactQueueWithServer(): Promise<void> {
  try {
    const payload = await getPayload({ config })
    startContactQueue(payload)
    siteMetrics().measureOutboxDepth(() => countWaitingEmails(payload))
  } catch (error) {
    // The site still serves pages; the first contact post starts the queue again.
    console.error('contact queue: could not start with the server', error)
  }
}
