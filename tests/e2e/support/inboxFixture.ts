// `node --import tsx tests/e2e/support/inboxFixture.ts <data dir> <json>`: stores contact messages
// in a given state in the browser suites' database, as the delivery pipeline would have left them
// (a failed one takes a day of retries to reach otherwise). Prints their ids as JSON.
import path from 'node:path'
import { getPayload } from 'payload'
import { buildSiteConfig } from '@/payload.config'

type Wanted = { name: string; status: 'failed' | 'spam' | 'held' }

const [dataDir, json] = process.argv.slice(2)
const wanted = JSON.parse(json) as Wanted[]
const payload = await getPayload({ config: buildSiteConfig(`file:${path.join(dataDir, 'site.db')}`) })
const ids: number[] = []
for (const { name, status } of wanted) {
  const doc = await payload.create({
    collection: 'form-submissions',
    data: {
      form: 115,
      deliveryStatus: status,
      deliveryAttempts: status === 'failed' ? 12 : 0,
      lastDeliveryError: status === 'failed' ? 'Error: Message failed: 550 Mailbox unavailable' : undefined,
      pageUrl: 'http://127.0.0.1/contact',
      data: [
        { name: 'name', value: name },
        { name: 'email', value: 'inbox.visitor@example.com' },
        { name: 'county', value: 'franklin' },
        { name: 'service', value: 'lien-search' },
        { name: 'contactPreference', value: 'phone' },
        { name: 'message', value: `A request from ${name} about parcel 010-123456 on Main Street, Columbus.` },
        { name: 'consent', value: 'on' },
      ],
    },
    overrideAccess: true,
  })
  ids.push(doc.id)
}
console.log(`INBOX_IDS=${JSON.stringify(ids)}`)
await payload.destroy()
process.exit(0)
