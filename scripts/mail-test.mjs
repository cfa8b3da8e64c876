// `npm run mail:test -- ADDRESS [--env-file FILE]`: sends one short mail to ADDRESS through the
// mail server SMTP_URL names, from MAIL_FROM (src/platform/mailCheck.ts), and prints the server's
// answer. The settings come from the environment, then .env (or FILE: /etc/site/site.env on a
// server). Exits 1 with the reason in one line when no mail was taken, 2 when used wrongly.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { continueOnProjectNode, loadEnvFile, ROOT } from './lib/bootstrap.mjs'

const USAGE = 'Usage: npm run mail:test -- ADDRESS [--env-file FILE]'

continueOnProjectNode()
let args
try {
  args = parseArgs({ allowPositionals: true, options: { 'env-file': { type: 'string' } } })
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}\n${USAGE}`)
  process.exit(2)
}
const { values, positionals } = args
if (positionals.length !== 1) {
  console.error(USAGE)
  process.exit(2)
}
const envFile = values['env-file'] ? path.resolve(values['env-file']) : undefined
if (envFile && !fs.existsSync(envFile)) {
  console.error(`npm run mail:test: no settings file at ${envFile}`)
  process.exit(2)
}
loadEnvFile(envFile)

// Loaded from a bundle of the site's own modules (scripts/lib/runTs.mjs), so the test mail goes out as the site's does.
const { bundleTs } = await import('./lib/runTs.mjs')
const { sendTestMail, MailTestFailure } = /** @type {typeof import('../src/platform/mailCheck')} */ (
  await import(pathToFileURL(await bundleTs(ROOT, 'src/platform/mailCheck.ts')).href)
)
try {
  const answer = await sendTestMail(positionals[0].trim())
  const list = (/** @type {string[]} */ addresses) => addresses.join(', ') || '(none)'
  console.log(`> The mail server at ${answer.server} answered the test mail from ${answer.from} to ${answer.to}:`)
  console.log(`>   accepted: ${list(answer.accepted)}`)
  console.log(`>   rejected: ${list(answer.rejected)}`)
  console.log(`>   response: ${answer.response}`)
  if (answer.senderWarning) console.log(`> Note: ${answer.senderWarning}.`)
  if (!answer.accepted.length) process.exitCode = 1
} catch (error) {
  console.error(
    `npm run mail:test: ${error instanceof MailTestFailure ? error.message : (error instanceof Error && error.stack) || error}`,
  )
  process.exitCode = 1
}
