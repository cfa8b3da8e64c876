import { describe, expect, it } from 'vitest'
import { TAG_ID_FORMATS, tagIdValidation, type TagIdField } from './tagIds'

const check = (field: TagIdField, value: string | null) => tagIdValidation(field)(value, {} as never)

describe('tag ids in the settings', () => {
  it.each(Object.keys(TAG_ID_FORMATS) as TagIdField[])('accepts its example and an empty %s', (field) => {
    expect(check(field, TAG_ID_FORMATS[field].example)).toBe(true)
    expect(check(field, '')).toBe(true)
    expect(check(field, null)).toBe(true)
  })

  it.each([
    ['gtmId', 'G-8Q2ZL4M1XY'],
    ['gtmId', 'GTM-1"><script>'],
    ['gtmId', 'gtm-5xk2p9q'],
    ['ga4Id', 'UA-12345-1'],
    ['ga4Id', 'GTM-5XK2P9Q'],
    ['clarityId', 'K2X9 M4P7'],
    ['hotjarId', '12a'],
  ] as [TagIdField, string][])('refuses %s %j with an example of the right shape', (field, value) => {
    expect(check(field, value)).toContain(TAG_ID_FORMATS[field].example)
  })
})
