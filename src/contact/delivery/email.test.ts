import { describe, expect, it, vi } from 'vitest'
import type { Form, FormSubmission } from '@/payload-types'
import { confirmationEmail, siteSender, staffEmail } from './email'

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

describe('the owner’s logo in the emails', () => {
  const logo = { url: 'https://title.example/brand-assets/logo.png?v=3-m2x7k3ab', alt: 'Buckeye "Title"' }

  it('stands above the business’s and the visitor’s email as an absolute address, its name escaped', () => {
    const expected =
      '<img src="https://title.example/brand-assets/logo.png?v=3-m2x7k3ab" alt="Buckeye &quot;Title&quot;"'
    expect(staffEmail(editedForm, storedBefore, logo).html).toContain(expected)
    expect(confirmationEmail({}, { id: 7 }, 'Buckeye', logo).html).toContain(expected)
  })

  it('is left out when no logo is set: the emails look as they always did', () => {
    expect(staffEmail(editedForm, storedBefore, null).html).not.toContain('<img')
    expect(confirmationEmail({}, { id: 7 }, 'Buckeye').html).not.toContain('<img')
  })
})
