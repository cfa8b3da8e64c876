/**
 * Every short-lived copy the site keeps, how long, and why: the one table to read to know how
 * stale an answer can be. Each module that keeps one of these takes its lifetime from here (and
 * names it under its own name, for its tests). Two rules hold for all of them:
 * - an edit made on this instance clears the copy at once (the revalidation hooks,
 *   src/content/revalidate.ts); only an edit made on another instance waits out the lifetime;
 * - a read that failed is not kept: the next request reads again.
 * A publish must show on every instance within 2 s (the design's budget): the page memo and the
 * front's copy together stay inside it.
 */
export const SHORT_CACHE_MS = {
  /**
   * src/server/pageMemo.ts: the bytes of a page Next served from its cache, answered again by the
   * server without asking Next. Spares a busy instance Next's per-request work (most of a cached
   * page's cost); short, because Next's cache (shared through Redis) stays the one source.
   */
  pageMemo: 250,
  /**
   * src/server/unknownAddresses.ts: the 404 page Next rendered last, answered for any other
   * unknown address. Random addresses (scanners) cost no render each; the page changes only with
   * the site's chrome, so a longer lifetime than a page's is harmless.
   */
  notFoundPage: 2_000,
  /**
   * src/content/siteSettingsReader.ts: the site-settings document, read by every capability's
   * settings reader (chat, captcha, consent region, mail sender). Several reads per request
   * become one query a second.
   */
  siteSettings: 1_000,
  /**
   * src/chat/server/http/config.ts: the chat widget's lookup answer (settings and the offline
   * form), asked by every page view with the widget. One read a second however many visitors.
   */
  chatConfig: 1_000,
  /**
   * src/content/knownAddresses.ts: how often each instance reads again every published page's path
   * and redirect's source, which let the server answer an unknown address 404 without a render.
   */
  knownAddressesRefresh: 1_000,
  /**
   * src/content/knownAddresses.ts: a set of known addresses older than this (the database could
   * not be read meanwhile) is not used: Next answers every address, so no page is refused.
   */
  knownAddressesTrusted: 10_000,
  /**
   * src/contact/server/formCache.ts: a form read for a submission, with its blocks (the costliest
   * query of a submission). The chat's offline form checks updatedAt first, so only a submission
   * may meet a form up to this old.
   */
  form: 10_000,
  /**
   * src/search/searchPages.ts: the published pages' text, prepared for search. Each keystroke of
   * the typeahead searches it; an edit elsewhere shows within this, as a publish does on pages.
   */
  searchIndex: 2_000,
  /**
   * src/server/databaseProbe.ts: whether the database answers, asked only when a page failed. An
   * outage costs one probe a second, not one per request.
   */
  databaseProbe: 1_000,
  /**
   * src/metrics/siteMetrics.ts: whether the database, Redis and the upload store answer, for the
   * gauges of /metrics. Scrapes of the next second share one check.
   */
  dependencyCheck: 1_000,
  /**
   * The nginx front's micro-cache (deploy/nginx.conf.template): a cached page and the chat's shared
   * answers say `s-maxage` of this (src/server/pageResponses.ts, src/chat/constants.ts), and the
   * consent region's answer is kept this long by the template itself (`proxy_cache_valid 200 1s`,
   * written there, checked against this by src/platform/caches.test.ts). A crowd on one page costs
   * the app one request a second; with the page memo, a publish still shows within 2 s.
   */
  front: 1_000,
} as const

const MS_PER_SECOND = 1_000

/** The front's lifetime in whole seconds, as Cache-Control and nginx count it. */
export const FRONT_CACHE_S = SHORT_CACHE_MS.front / MS_PER_SECOND
