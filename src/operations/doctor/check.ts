/**
 * What each of the doctor's checks answers: `ok`; `warn`, something to see to soon (the site
 * serves); `fail`, something to see to now; `off`, a part this site is not configured to use.
 * Every answer but ok and off carries its fix in one sentence.
 */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'off'

export type CheckResult = { name: string; status: CheckStatus; detail: string; fix?: string }

/** The longest any one check may take: the doctor answers within it whatever hangs. */
export const DOCTOR_CHECK_TIMEOUT_MS = 10_000

/** The cause of an error in one line. */
export const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] || 'no reason given'

/**
 * Runs `check`, answering `fail` with the error when it throws and when it takes longer than
 * `timeoutMs` (what it was waiting on is left to the process's end).
 */
export async function withinBound(
  name: string,
  check: () => Promise<CheckResult> | CheckResult,
  timeoutMs = DOCTOR_CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          name,
          status: 'fail',
          detail: `no answer within ${timeoutMs / 1000} s`,
          fix: 'a part it reaches does not answer: see that it runs and is reachable, then run the doctor again',
        }),
      timeoutMs,
    )
  })
  try {
    return await Promise.race([Promise.resolve().then(check), late])
  } catch (error) {
    return { name, status: 'fail', detail: reasonOf(error), fix: 'see to the error, then run the doctor again' }
  } finally {
    clearTimeout(timer)
  }
}
