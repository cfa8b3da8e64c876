// The collector is about a kilobyte compressed: it comes with this file rather than as a request of
// its own after idle (bench/visits.mjs), and still starts only when allowed.
import { startFirstPartyCollector } from './collector/client'
import { type ConsentChoice, type ConsentState } from './consent/model'
import { PAGE_VIEW_EVENT } from './events'
import { analyticsWindow, type PendingEvent } from './globals'
import type { TagConfig } from './tags/hosts'

/** What the page was rendered with: the tags configured in the settings and whether first-party counting is on. */
export type AnalyticsSetup = { tags: TagConfig | null; firstParty: boolean }

type Runtime = {
  setup: AnalyticsSetup
  state: ConsentState
  choice: ConsentChoice | null
  gpc: boolean
  idle: boolean
  stopCollector: (() => void) | null
  googleLoaded: boolean
  lastUrl: string
}

let runtime: Runtime | null = null

function afterIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 })
  else setTimeout(run, 1)
}

const doNotTrack = () => navigator.doNotTrack === '1'

/**
 * Cookie-free first-party counting runs without asking first; it stops for a visitor who sends
 * Global Privacy Control or Do Not Track, or who turns analytics off in the dialog.
 */
function firstPartyAllowed(r: Runtime) {
  return r.setup.firstParty && !r.gpc && !doNotTrack() && r.choice?.analytics !== false
}

function queueFirstParty(event: PendingEvent) {
  const w = analyticsWindow()
  ;(w.__firstParty ??= [] as PendingEvent[]).push(event)
}

async function reconcile(r: Runtime, leaving = false) {
  if (!r.idle) return
  if (firstPartyAllowed(r) && !r.stopCollector) {
    r.stopCollector = startFirstPartyCollector({ leaving })
  } else if (!firstPartyAllowed(r) && r.stopCollector) {
    r.stopCollector()
    r.stopCollector = null
    analyticsWindow().__firstParty = [] as PendingEvent[]
  }
  if (r.setup.tags) {
    const tags = await import('./tags/loadTags')
    // A tag that already ran keeps running (recording, page views on every navigation) whatever it
    // is told: a withdrawn consent takes effect on this page loaded anew, which starts from the kept
    // choice (in the tab's name where the browser refused to store it) and loads none of them.
    if (tags.runsWithdrawnTags(r.state)) return location.reload()
    const google = tags.loadTags(r.setup.tags, r.state)
    if (google && !r.googleLoaded) tags.sendTagPageView(location.href, document.referrer)
    r.googleLoaded ||= google
  }
}

/** Starts analytics for this page load: the first page view now, the collector and the allowed tags once idle. */
export function startAnalytics(setup: AnalyticsSetup, state: ConsentState, choice: ConsentChoice | null, gpc: boolean) {
  if (runtime) return
  const r: Runtime = {
    setup,
    state,
    choice,
    gpc,
    idle: false,
    stopCollector: null,
    googleLoaded: false,
    lastUrl: location.href,
  }
  runtime = r
  if (firstPartyAllowed(r))
    queueFirstParty({
      name: PAGE_VIEW_EVENT,
      url: location.href,
      ts: Date.now(),
      referrer: document.referrer || undefined,
    })
  const start = (leaving: boolean) => {
    if (r.idle) return
    r.idle = true
    removeEventListener('pagehide', leave)
    document.removeEventListener('visibilitychange', leave)
    void reconcile(r, leaving)
  }
  // A visitor who leaves (or hides the tab) before the page is idle is still counted: the collector
  // starts then and sends the page view by beacon.
  const leave = (event: Event) => {
    if (event.type === 'pagehide' || document.visibilityState === 'hidden') start(true)
  }
  addEventListener('pagehide', leave)
  document.addEventListener('visibilitychange', leave)
  afterIdle(() => start(false))
}

/**
 * Applies a new choice: tags that it now allows load, the collector stops if analytics was turned off,
 * and a page that runs a tag no longer allowed is loaded again without it.
 */
export function applyConsent(state: ConsentState, choice: ConsentChoice) {
  if (!runtime) return
  runtime.state = state
  runtime.choice = choice
  void reconcile(runtime)
}

/** A client-side navigation: a page view for the collector and for the Google tags if they are loaded. */
export function recordNavigation() {
  const r = runtime
  if (!r || r.lastUrl === location.href) return
  const referrer = r.lastUrl
  r.lastUrl = location.href
  if (firstPartyAllowed(r)) queueFirstParty({ name: PAGE_VIEW_EVENT, url: location.href, ts: Date.now(), referrer })
  if (r.googleLoaded) void import('./tags/loadTags').then((tags) => tags.sendTagPageView(location.href, referrer))
}
