import type { CollectionConfig } from 'payload'

/**
 * Proof-of-work answers already accepted, kept until they expire, so an answer cannot be used
 * twice even across a restart or between instances when the site runs without Redis.
 * Written and read only by src/contact/captcha/replayGuard.ts; no one else may touch it.
 */
export const CaptchaAnswers: CollectionConfig = {
  slug: 'captcha-answers',
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  timestamps: false,
  lockDocuments: false,
  fields: [
    { name: 'key', label: 'Answer (hashed)', type: 'text', required: true, unique: true },
    { name: 'expiresAt', label: 'Kept until', type: 'date', required: true, index: true },
  ],
}
