// The slowest tests of a run, read from the runners' JSON reports, so that the tail of a CI log
// shows where the time went.

/** @typedef {{ name: string, ms: number }} TestDuration */
/**
 * What this reads of Vitest's JSON report.
 * @typedef {{ testResults?: { name: string, assertionResults?: { fullName?: string, title: string, duration?: number | null }[] }[] }} VitestReport
 */
/**
 * What this reads of Playwright's JSON report: suites of specs, and of suites.
 * @typedef {{ title: string, specs?: PlaywrightSpec[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 * @typedef {{ file: string, line: number, title: string, tests?: { results?: { duration?: number }[] }[] }} PlaywrightSpec
 */

/** How many of each runner's slowest tests the end of `npm test` lists. */
export const SLOWEST_SHOWN = 10

/**
 * Each test of a Vitest JSON report as `{ name, ms }`.
 * @param {VitestReport} report
 * @returns {TestDuration[]}
 */
export function vitestDurations(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      name: `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName ?? test.title}`,
      ms: test.duration ?? 0,
    })),
  )
}

/**
 * Each test of a Playwright JSON report as `{ name, ms }` (its attempts added up).
 * @param {{ suites?: PlaywrightSuite[] }} report
 * @returns {TestDuration[]}
 */
export function playwrightDurations(report) {
  /** @type {TestDuration[]} */
  const out = []
  // A file's suite holds its tests and its describe blocks, each a suite of its own.
  /**
   * @param {PlaywrightSuite} suite
   * @param {string[]} titles
   */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0)
        out.push({ name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`, ms })
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, [...titles, inner.title])
  }
  for (const file of report.suites ?? []) walk(file, [])
  return out
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
