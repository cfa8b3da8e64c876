import config from '@payload-config'
import { getPayload } from 'payload'
import { startScheduledPublishing } from './runner'

export async function startScheduledPublishingWithServer(): Promise<void> {
  try {
    startScheduledPublishing(await getPayload({ config }))
  } catch (error) {
    // The site still serves pages; scheduled changes wait for the next start.
    console.error('schedule: could not start with the server', error)
  }
}
