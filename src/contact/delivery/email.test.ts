import { describe, expect, it, vi } from 'vitest'
import type { Form, FormSubmission } from '@/payload-types'
import { siteSender, staffEmail } from './email'

/** The form as an editor left it: "phone" renamed to "telephone", "company" removed. */
const editedForm = {
  id: 115,
  title: 'Order a title search',
  fields: [
    { blockType: 'text', name: 'name', label: 'Your name' },
    { blockType: 'tel', name: 'telephone', label: 'Phone' },
  ],
} as unknown as Form

/** Sent before the edit, still waiting for its mail. */
const storedBefore = {
  id: 7,
  form: 115,
  createdAt: '2026-11-25T20:45:26.945Z',
  data: [
    { name: 'name', value: 'Ada Lane' },
    { name: 'phone', value: '(614) 555-0100' },
    { name: 'company', value: 'Lane Abstract LLC' },
  ],
} as unknown as FormSubmission

describe('the email to the business', () => {
  it('still shows values stored under a field name the form no longer has, after its fields, under that name', () => {
    const { text, html } = staffEmail(editedForm, storedBefore)
    expect(text).toContain('Your name:\nAda Lane\n')
    expect(text).toContain('Phone:\n—\n')
    expect(text).toContain('phone:\n(614) 555-0100\n')
    expect(text).toContain('company:\nLane Abstract LLC\n')
    expect(text.indexOf('Phone:')).toBeLessThan(text.indexOf('phone:'))
    expect(text.indexOf('phone:')).toBeLessThan(text.indexOf('company:'))
    expect(html).toContain('Lane Abstract LLC')
  })
})

describe("the site's sender", () => {
  it("is the settings' address, else MAIL_FROM, else website@ the site's domain", () => {
    const business = { name: 'Cardinal Title Research', state: 'Ohio' }
    vi.stubEnv('SERVER_URL', 'https://www.cardinaltitle.com')
    vi.stubEnv('MAIL_FROM', '')
    try {
      expect(siteSender({ business, contact: {} })).toEqual({
        address: 'website@cardinaltitle.com',
        name: 'Cardinal Title Research',
      })
      vi.stubEnv('MAIL_FROM', 'office@cardinaltitle.com')
      expect(siteSender({ business, contact: {} }).address).toBe('office@cardinaltitle.com')
      expect(siteSender({ business, contact: { fromAddress: 'desk@cardinaltitle.com' } }).address).toBe(
        'desk@cardinaltitle.com',
      )
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
