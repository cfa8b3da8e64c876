import { createAltchaChallenge } from '@/contact/captcha/altcha'

export const dynamic = 'force-dynamic'

export async function GET() {
  return Response.json(await createAltchaChallenge(), { headers: { 'Cache-Control': 'no-store' } })
}
