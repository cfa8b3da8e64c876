import { describe, expect, it } from 'vitest'
import { controlIdOf, describedByWith, errorIdOf, formElementId, helpIdOf, sentNoticeId } from './fieldMarks'

describe("a form's ids", () => {
  it('come from the form id and the field, with the copy’s prefix in front of each', () => {
    expect(formElementId({ id: 115 })).toBe('contact-form-115')
    expect(formElementId({ id: 115 }, 'chat-offline-')).toBe('chat-offline-contact-form-115')
    expect(sentNoticeId({ id: 115 })).toBe('contact-form-115-sent')
    expect(controlIdOf({ name: 'message', elementId: 'message_3' })).toBe('message_3')
    expect(controlIdOf({ name: 'contactPreference', elementId: null }, 'chat-offline-')).toBe(
      'chat-offline-contactPreference',
    )
    expect(errorIdOf(controlIdOf({ name: 'contactPreference' }, 'chat-offline-'))).toBe(
      'chat-offline-contactPreference-error',
    )
    expect(helpIdOf('message_3')).toBe('message_3-help')
  })
})

describe('aria-describedby with an error', () => {
  it('puts the error after what the field already names, once', () => {
    expect(describedByWith('name-help', 'name-error', true)).toBe('name-help name-error')
    expect(describedByWith('name-help name-error', 'name-error', true)).toBe('name-help name-error')
    expect(describedByWith(null, 'name-error', true)).toBe('name-error')
  })

  it('takes the error out and leaves nothing when it was all', () => {
    expect(describedByWith('name-help name-error', 'name-error', false)).toBe('name-help')
    expect(describedByWith('name-error', 'name-error', false)).toBeUndefined()
    expect(describedByWith(undefined, 'name-error', false)).toBeUndefined()
    expect(describedByWith('  a   b ', 'c', false)).toBe('a b')
  })
})
