import { describe, expect, it } from 'vitest'
import { chatHub } from '@/chat/server/live/hub'
import { builtinChatConfig } from '@/chat/server/http/config'
import { payload, setUpChatSuite } from '../support/chat'

setUpChatSuite({ seeded: true })

const polledAvailability = async () => (await builtinChatConfig(payload, true)).json()

describe("the widget's availability poll", () => {
  it('answers availability alone, and follows an agent coming online and going away', async () => {
    const agent = { id: 9_001, name: 'Polly Agent' }
    expect(await polledAvailability()).toEqual({ availability: 'offline' })
    chatHub().agentConnected(agent)
    try {
      expect(await polledAvailability()).toEqual({ availability: 'online' })
      expect((await (await builtinChatConfig(payload)).json()).availability).toBe('online')
    } finally {
      chatHub().agentDisconnected(agent.id)
    }
    expect(await polledAvailability()).toEqual({ availability: 'offline' })
  })
})
