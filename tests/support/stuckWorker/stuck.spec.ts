import { expect, test } from '@playwright/test'

test('a test before the stuck one passes', () => {
  expect(1 + 1).toBe(2)
})

test('a test that blocks its worker for good', () => {
  // Waits on a value nothing will ever change: the thread sleeps, and no timer of Playwright's can fire.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
})

test('a test after the stuck one runs in a new worker and passes', () => {
  expect('still running').toContain('running')
})
