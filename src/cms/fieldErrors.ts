import type { AfterErrorHook } from 'payload'

type FieldErrorData = { errors?: { path?: string; message?: string }[] }

/**
 * Keeps the field paths of a refused save in the REST answer, which is what lets the admin show
 * each message beside its field instead of one toast. Payload drops them when the error class it
 * compares with comes from another copy of its module (the built app bundles it more than once).
 */
export const keepFieldErrors: AfterErrorHook = ({ error, result }) => {
  const data = (error as { data?: FieldErrorData }).data
  if (error?.name !== 'ValidationError' || !Array.isArray(data?.errors) || !result) return
  const [first] = result.errors ?? []
  if (first && typeof first === 'object' && 'data' in first) return
  return { response: { ...result, errors: [{ name: error.name, message: error.message, data }] } }
}
