import config from '@payload-config'
import { after } from 'next/server'
import { getPayload, type Payload } from 'payload'
import { runContactQueue, startContactQueue } from '../delivery/runner'

/** What the contact routes need from the running site: its Payload, and a delivery kick after answering. */
export const contactRouteDeps = {
  payload: async (): Promise<Payload> => {
    const payload = await getPayload({ config })
    startContactQueue(payload)
    return payload
  },
  onAccepted: (payload: Payload) => after(() => runContactQueue(payload)),
}
