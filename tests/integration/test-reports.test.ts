import { describe, expect, it } from 'vitest'
import { FAILURE_LINE_CHARS, failureLines, playwrightFailures, vitestFailures } from '../../scripts/lib/testReports.mjs'

describe('the failed tests named at the end of npm test', () => {
  it('names each failed Vitest test with its error’s first line, and a file that failed before any test ran', () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/tests/integration/a.test.ts`,
          assertionResults: [
            { title: 'passes', fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              title: 'breaks',
              fullName: 'a breaks',
              status: 'failed',
              failureMessages: ['\n\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'],
            },
          ],
        },
        {
          name: `${process.cwd()}/tests/integration/b.test.ts`,
          message: 'Cannot find module x\nstack',
          assertionResults: [],
        },
      ],
    }
    expect(vitestFailures(report)).toEqual([
      { name: 'tests/integration/a.test.ts › a breaks', error: 'AssertionError: expected 1 to be 2' },
      { name: 'tests/integration/b.test.ts', error: 'Cannot find module x' },
    ])
  })

  it('names each Playwright test that failed or passed only on a retry, with its last attempt’s error, cut to a line', () => {
    const long = 'x'.repeat(FAILURE_LINE_CHARS + 50)
    const report = {
      suites: [
        {
          title: 'a.spec.ts',
          specs: [
            { file: 'a.spec.ts', line: 3, title: 'works', tests: [{ status: 'expected', results: [{ duration: 5 }] }] },
          ],
          suites: [
            {
              title: 'menu',
              specs: [
                {
                  file: 'a.spec.ts',
                  line: 9,
                  title: 'opens',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ error: { message: 'first' } }, { error: { message: `Timeout\n${long}` } }],
                    },
                  ],
                },
                {
                  file: 'a.spec.ts',
                  line: 20,
                  title: 'closes',
                  tests: [{ status: 'flaky', results: [{ error: { message: long } }, { duration: 3 }] }],
                },
              ],
            },
          ],
        },
      ],
    }
    const failures = playwrightFailures(report)
    expect(failures).toEqual([
      { name: 'a.spec.ts:9 › menu › opens', error: 'Timeout' },
      { name: 'a.spec.ts:20 › menu › closes (passed on a retry)', error: 'x'.repeat(FAILURE_LINE_CHARS) },
    ])
    expect(failureLines(failures.slice(0, 1))).toEqual(['✘ a.spec.ts:9 › menu › opens', '    Timeout'])
  })
})
