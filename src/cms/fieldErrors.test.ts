import { ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'
import { keepFieldErrors } from './fieldErrors'

const refused = () =>
  new ValidationError({
    errors: [{ path: 'analytics.gtmId', message: 'This is not an id the service would recognise' }],
  })

describe('a refused save’s answer', () => {
  it('keeps the field paths the admin needs to show each message beside its field', async () => {
    const error = refused()
    const result = await keepFieldErrors({ error, result: { errors: [{ message: error.message }] } } as never)
    const errors = (result as { response: { errors: { data?: { errors: { path: string }[] } }[] } }).response.errors
    expect(errors[0].data?.errors.map((entry) => entry.path)).toEqual(['analytics.gtmId'])
  })

  it('leaves an answer that already has them, and every other error, as Payload made it', async () => {
    const error = refused()
    expect(await keepFieldErrors({ error, result: { errors: [{ message: 'x', data: {} }] } } as never)).toBeUndefined()
    const other = new Error('Something went wrong.')
    expect(
      await keepFieldErrors({ error: other, result: { errors: [{ message: other.message }] } } as never),
    ).toBeUndefined()
  })
})
