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
