import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { OPEN_PAGES_ATTACHMENT } from './openPages'
import { testName } from './watchdogReporter'

/** Failed tests whose pages are printed: the first ones, where a run's trouble began. */
const REPORTED_FAILURES_MAX = 3

/**
 * Prints, after the list reporter's summary, what the pages of the first failed tests showed
 * (attachOpenPages in openPages.ts): the end of a CI log is often all that is kept of a run.
 */
export default class OpenPagesReporter implements Reporter {
  private readonly reports: string[] = []

  printsToStdio() {
    return false
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus || this.reports.length >= REPORTED_FAILURES_MAX) return
    const attachment = result.attachments.find((candidate) => candidate.name === OPEN_PAGES_ATTACHMENT)
    if (!attachment?.body) return
    this.reports.push(`${testName(test)}\n${attachment.body.toString()}`)
  }

  onEnd() {
    if (!this.reports.length) return
    process.stdout.write(`\nWhat the pages of failed tests showed when they failed:\n${this.reports.join('\n\n')}\n`)
  }
}
