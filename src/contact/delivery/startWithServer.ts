import config from '@payload-config'
import { getPayload } from 'payload'
import { startContactQueue } from './runner'

export async function startContactQueueWithServer(): Promise<void> {
  try {
    startContactQueue(await getPayload({ config }))
  } catch (error) {
    // The site still serves pages; the first contact post starts the queue again.
    console.error('contact queue: could not start with the server', error)
  }
}
