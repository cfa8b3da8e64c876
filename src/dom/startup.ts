// A page's start-up in two tasks rather than one (src/instrumentation-client.ts runs this).
//
// Next starts the app in the task that runs its entry script: its router's and React DOM's modules
// instantiated, the page's server data decoded and hydration begun, 70–120 ms together on a phone
// (Lighthouse's 4× CPU), all of it blocking time past the first 50 ms. When the page has scripts
// "before interactive" (next/script), Next first runs them in order and starts the app from a timer
// after them: in a task of its own. An empty entry is such a script that the browser does not even
// run (an empty inline script is never executed, so no CSP applies to it), so the start-up splits
// at that timer: what the instrumentation imports (React DOM) in the first task, the rest in the
// second. `bench/main-thread.mjs` measures the blocking time.

/** The id of the empty before-interactive script; Next adds it to the document's head. */
export const START_IN_TWO_TASKS_ID = 'start-in-two-tasks'

type BeforeInteractive = [src: string | 0, props: { children: string; id: string }]

/** Makes Next start the app from a timer, after the task that runs its entry. */
export function startAppInItsOwnTask() {
  const page = self as typeof self & { __next_s?: BeforeInteractive[] }
  ;(page.__next_s ??= []).push([0, { children: '', id: START_IN_TWO_TASKS_ID }])
}
