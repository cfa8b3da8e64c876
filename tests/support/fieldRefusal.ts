import { expect } from 'vitest'

/** The field errors Payload names when it refuses a save (the test fails if the save was accepted). */
export async function fieldRefusal(save: Promise<unknown>): Promise<{ path: string; message: string }[]> {
  const error = (await save.then(
    () => null,
    (caught: unknown) => caught,
  )) as { data?: { errors?: { path: string; message: string }[] } } | null
  expect(error, 'the save was accepted').not.toBeNull()
  return (error?.data?.errors ?? []).map(({ path, message }) => ({ path, message }))
}
