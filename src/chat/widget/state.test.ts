import { describe, expect, it } from 'vitest'
import { isChatOpen, isInChat } from './state'

describe("the widget's reading of a visitor's status", () => {
  it('shows the composer while invited, queued or chatting, and not otherwise (an ended chat included)', () => {
    expect(['invited', 'queued', 'chatting'].map(isInChat)).toEqual([true, true, true])
    expect(['browsing', 'ended'].map(isInChat)).toEqual([false, false])
  })

  it('counts only a queued or running chat as one whose end brings the end screen', () => {
    expect(['queued', 'chatting'].map(isChatOpen)).toEqual([true, true])
    expect(['invited', 'browsing', 'ended'].map(isChatOpen)).toEqual([false, false, false])
  })
})
