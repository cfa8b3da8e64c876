import { describe, expect, it } from 'vitest'
import { WidgetController } from './controller'
import { initialWidgetState } from './state'

describe('a widget controller run again after a stop', () => {
  it('ignores the visitor while stopped, and after reset starts from a fresh state that takes their asks', () => {
    const controller = new WidgetController()
    controller.setVisibility('maximized')
    controller.disable()
    controller.setVisibility('minimized')
    expect(controller.getState()).toMatchObject({ disabled: true, visibility: 'hidden' })

    let renders = 0
    controller.subscribe(() => renders++)
    controller.reset()
    expect(renders).toBe(1)
    expect(controller.getState()).toEqual(initialWidgetState())
    controller.setVisibility('hidden')
    expect(controller.getState()).toMatchObject({ disabled: false, visibility: 'hidden' })
  })
})

describe('the agent typing indicator', () => {
  it('goes when the chat ends, even if the agent never sent a stop', () => {
    const controller = new WidgetController()
    // The stream's messages, as its listener receives them.
    const hear = (message: Parameters<WidgetController['onStreamMessage']>[0]) => controller['onStreamMessage'](message)
    hear({ name: 'status', data: { status: 'chatting' } })
    hear({ name: 'typing', data: { typing: true, who: 'Ada' } })
    expect(controller.getState().agentTyping).toBe('Ada')
    hear({ name: 'status', data: { status: 'browsing' } })
    expect(controller.getState().agentTyping).toBeNull()
  })
})
