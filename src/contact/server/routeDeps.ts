import { after } from 'next/server'
import type { Payload } from 'payload'
import { getPayloadClient } from '@/platform/sitePayload'
import { runContactQueue, startContactQueue } from '../delivery/runner'

/** What the contact routes need from the running site: its Payload, and a delivery kick after answering. */
export const contactRouteDeps = {
  payload: async (): Promise<Payload> => {
    const payload = await getPayloadClient()
    startContactQueue(payload)
    return payload
  },
  onAccepted: (payload: Payload) => after(() => runContactQueue(payload)),
}
