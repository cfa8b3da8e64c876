import { describe, expect, it } from 'vitest'
import { hrefOf, linkText } from './linkHref'

const CONTACT = { phone: '(614) 555-0142', email: 'hello@cardinaltitle.example' }

describe('links to our phone and email', () => {
  it('call and write to what settings hold, showing the label and then the detail', () => {
    expect(hrefOf({ kind: 'phone' }, CONTACT)).toBe('tel:6145550142')
    expect(linkText({ kind: 'phone', label: 'Call' }, CONTACT)).toBe('Call (614) 555-0142')
    expect(hrefOf({ kind: 'email' }, CONTACT)).toBe('mailto:hello@cardinaltitle.example')
    expect(linkText({ kind: 'email', label: '' }, CONTACT)).toBe('hello@cardinaltitle.example')
  })

  it('are left out while settings have no such detail', () => {
    expect(hrefOf({ kind: 'phone' }, {})).toBeNull()
    expect(hrefOf({ kind: 'email' }, { phone: CONTACT.phone })).toBeNull()
  })

  it('leave other links as they were', () => {
    expect(hrefOf({ kind: 'url', url: 'tel:+16145550100' }, CONTACT)).toBe('tel:+16145550100')
    expect(linkText({ kind: 'url', label: 'Call' }, CONTACT)).toBe('Call')
  })
})
