import { describe, expect, it } from 'vitest'
import { DEFAULT_SENT_NOTE, sentNoteText, sentNoteWithoutTime } from './settings'

describe('the note that stays after sending', () => {
  it('fills in the send time wherever the note names it', () => {
    expect(sentNoteText(DEFAULT_SENT_NOTE, '3:45 PM EST')).toBe(
      'Sent at 3:45 PM EST. We answer within one business day.',
    )
    expect(sentNoteText('Received {time}; again {time}.', 'now')).toBe('Received now; again now.')
  })

  it('leaves out the sentences naming the time on the page a browser without JavaScript returns to', () => {
    expect(sentNoteWithoutTime(DEFAULT_SENT_NOTE)).toBe('We answer within one business day.')
    expect(sentNoteWithoutTime('We will call you back. Promise!')).toBe('We will call you back. Promise!')
    expect(sentNoteWithoutTime('Sent at {time}.')).toBe('')
  })
})
