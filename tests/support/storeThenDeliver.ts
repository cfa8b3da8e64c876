// Child process for the crash suite: stores the given number of submissions, prints their ids,
// then delivers them until the test kills it (SIGKILL) in the middle of its sends.
// Usage: tsx tests/support/storeThenDeliver.ts <sqlite url> <marker prefix> <count>
import { getPayload } from 'payload'
import { runContactQueue } from '@/contact/delivery/runner'
import { acceptSubmission } from '@/contact/server/submit'
import { buildSiteConfig } from '@/payload.config'
import { validFields } from './contact'

const [databaseUrl, prefix, count] = process.argv.slice(2)
const payload = await getPayload({ config: buildSiteConfig(databaseUrl) })
const stored: { id: number; marker: string }[] = []
for (let index = 0; index < Number(count); index++) {
  const marker = `${prefix} ${index}x`
  const outcome = await acceptSubmission(payload, {
    formId: 115,
    pairs: validFields({ name: marker }),
    remoteIp: '127.0.0.1',
  })
  if (!outcome.ok || outcome.submissionId === null) throw new Error(`not accepted: ${JSON.stringify(outcome)}`)
  stored.push({ id: Number(outcome.submissionId), marker })
}
process.stdout.write(`stored ${JSON.stringify(stored)}\n`)
for (;;) {
  await runContactQueue(payload)
  await new Promise((resolve) => setTimeout(resolve, 100))
}
