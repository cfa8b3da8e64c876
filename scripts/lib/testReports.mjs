// The slowest and the failed tests of a run, read from the runners' JSON reports, so that the tail
// of a CI log shows where the time went and what broke.

/** @typedef {{ name: string, ms: number }} TestDuration */
/**
 * What this reads of Vitest's JSON report.
 * @typedef {{ fullName?: string, title: string, duration?: number | null, status?: string, failureMessages?: string[] | null }} VitestTest
 * @typedef {{ testResults?: { name: string, message?: string, assertionResults?: VitestTest[] }[] }} VitestReport
 */
/**
 * What this reads of Playwright's JSON report: suites of specs, and of suites.
 * @typedef {{ title: string, specs?: PlaywrightSpec[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 * @typedef {{ duration?: number, error?: { message?: string } }} PlaywrightResult
 * @typedef {{ status?: string, results?: PlaywrightResult[] }} PlaywrightTest
 * @typedef {{ file: string, line: number, title: string, tests?: PlaywrightTest[] }} PlaywrightSpec
 */
/** A test that failed, with the first line of its error: `{ name, error }`. @typedef {{ name: string, error: string }} TestFailure */

/** How many of each runner's slowest tests the end of `npm test` lists. */
export const SLOWEST_SHOWN = 10
/** How many characters of a failed test's first error line the end of `npm test` shows. */
export const FAILURE_LINE_CHARS = 240

/**
 * The first line of an error message that says something, without colour codes, cut to a line's length.
 * @param {string | undefined} message
 */
function firstLine(message) {
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  const line = plain.split('\n').find((text) => text.trim()) ?? '(no message)'
  return line.trim().slice(0, FAILURE_LINE_CHARS)
}

/** A Vitest report's file, named from the checkout. @param {{ name: string }} file */
const vitestFile = (file) => file.name.replace(`${process.cwd()}/`, '')

/** @param {{ name: string }} file @param {VitestTest} test */
const vitestName = (file, test) => `${vitestFile(file)} › ${test.fullName ?? test.title}`

/**
 * Each test of a Vitest JSON report as `{ name, ms }`.
 * @param {VitestReport} report
 * @returns {TestDuration[]}
 */
export function vitestDurations(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      name: vitestName(file, test),
      ms: test.duration ?? 0,
    })),
  )
}

/**
 * Each test of a Playwright JSON report with its name (file, line and titles).
 * @param {{ suites?: PlaywrightSuite[] }} report
 * @returns {{ name: string, test: PlaywrightTest }[]}
 */
function playwrightTests(report) {
  /** @type {{ name: string, test: PlaywrightTest }[]} */
  const out = []
  // A file's suite holds its tests and its describe blocks, each a suite of its own.
  /**
   * @param {PlaywrightSuite} suite
   * @param {string[]} titles
   */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        out.push({ name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`, test })
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, [...titles, inner.title])
  }
  for (const file of report.suites ?? []) walk(file, [])
  return out
}

/**
 * Each test of a Playwright JSON report as `{ name, ms }` (its attempts added up).
 * @param {{ suites?: PlaywrightSuite[] }} report
 * @returns {TestDuration[]}
 */
export function playwrightDurations(report) {
  return playwrightTests(report).map(({ name, test }) => ({
    name,
    ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
  }))
}

/**
 * The failed tests of a Vitest JSON report, and the files that failed before any test ran.
 * @param {VitestReport} report
 * @returns {TestFailure[]}
 */
export function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const tests = file.assertionResults ?? []
    const failedTests = tests
      .filter((test) => test.status === 'failed')
      .map((test) => ({ name: vitestName(file, test), error: firstLine(test.failureMessages?.[0]) }))
    if (failedTests.length || tests.length || !file.message) return failedTests
    return [{ name: vitestFile(file), error: firstLine(file.message) }]
  })
}

/**
 * The tests of a Playwright JSON report that failed or passed only on a retry (`flaky`), each with
 * the first error of its last failed attempt.
 * @param {{ suites?: PlaywrightSuite[] }} report
 * @returns {TestFailure[]}
 */
export function playwrightFailures(report) {
  return playwrightTests(report)
    .filter(({ test }) => test.status === 'unexpected' || test.status === 'flaky')
    .map(({ name, test }) => {
      const attempt = [...(test.results ?? [])].reverse().find((result) => result.error)
      return {
        name: test.status === 'flaky' ? `${name} (passed on a retry)` : name,
        error: firstLine(attempt?.error?.message),
      }
    })
}

/**
 * Failed tests as lines to print: the name, then the error's first line below it.
 * @param {TestFailure[]} failures
 * @returns {string[]}
 */
export function failureLines(failures) {
  return failures.flatMap(({ name, error }) => [`✘ ${name}`, `    ${error}`])
}

/**
 * The `count` slowest of `tests`, as lines to print.
 * @param {TestDuration[]} tests
 * @param {number} [count]
 * @returns {string[]}
 */
export function slowestLines(tests, count = SLOWEST_SHOWN) {
  return [...tests]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ name, ms }) => `${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`)
}
