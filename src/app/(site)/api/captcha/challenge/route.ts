import { answerChallenge } from '@/contact/captcha/challengeEndpoint'

export const dynamic = 'force-dynamic'

export const GET = answerChallenge
