// Child process for the delivery suite: stores one submission, then dies at once with SIGKILL,
// before anything could deliver it. Usage: tsx tests/support/storeThenDie.ts <sqlite url> <marker>
import { getPayload } from 'payload'
import { acceptSubmission } from '@/contact/server/submit'
import { buildSiteConfig } from '@/payload.config'
import { validFields } from './contact'

const [databaseUrl, marker] = process.argv.slice(2)
const payload = await getPayload({ config: buildSiteConfig(databaseUrl) })
const outcome = await acceptSubmission(payload, {
  formId: 115,
  pairs: validFields({ name: marker }),
  remoteIp: '127.0.0.1',
})
process.stdout.write(JSON.stringify(outcome) + '\n', () => process.kill(process.pid, 'SIGKILL'))
