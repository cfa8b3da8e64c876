import { ROUTE_CLASS, type RouteClass } from '@/metrics/siteMetrics'
import { NEXT_OWN_FIRST_SEGMENT } from '@/platform/next/addresses'
import { appDirOf, firstSegmentsOf, fixedSegmentsOf, readRouteTable, type Route } from './routeTable.mjs'

export type { Route }

let table: Route[] | null = null

/**
 * The routes of the app this process serves, read from its src/app once, at the first request
 * (the server, the release and the tests all run at the checkout's root).
 */
export function siteRouteTable(): Route[] {
  table ??= readRouteTable(appDirOf(process.cwd()))
  return table
}

/** The route groups whose pages are for staff (the admin, the agents' console), counted apart from the site's pages. */
const STAFF_GROUPS = new Set(['(payload)', '(agent)'])

let siteFirstSegments: Set<string> | null = null

/** The first segments of every address the app's other routes (not its pages' catch-all) or Next itself answer. */
export function routeFirstSegments(routes?: Route[]): Set<string> {
  const of = (table: Route[]) => new Set([NEXT_OWN_FIRST_SEGMENT, ...firstSegmentsOf(table)])
  if (routes) return of(routes)
  siteFirstSegments ??= of(siteRouteTable())
  return siteFirstSegments
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/** A route with its fixed segments worked out once. */
type Candidate = { route: Route; fixed: string[] }
/**
 * A table made ready for matching, as each request's metrics label needs it: by first fixed
 * segment, the longest first, and the first route with none (the pages' catch-all).
 */
type Matcher = { byFirst: Map<string, Candidate[]>; anyPath: Route | null }

const matchers = new WeakMap<Route[], Matcher>()

function matcherOf(routes: Route[]): Matcher {
  let matcher = matchers.get(routes)
  if (matcher) return matcher
  matcher = { byFirst: new Map(), anyPath: null }
  for (const route of routes) {
    const fixed = fixedSegmentsOf(route)
    if (!fixed.length) {
      matcher.anyPath ??= route
      continue
    }
    const candidates = matcher.byFirst.get(fixed[0]) ?? []
    candidates.push({ route, fixed })
    matcher.byFirst.set(fixed[0], candidates)
  }
  // Stable: of two routes as long, the first in the table's order wins.
  for (const candidates of matcher.byFirst.values()) candidates.sort((a, b) => b.fixed.length - a.fixed.length)
  matchers.set(routes, matcher)
  return matcher
}

/**
 * The route that answers `path`: the one whose fixed segments are the longest start of it (the
 * pages' catch-all, with none, answers any). Null when no route could.
 */
export function routeOf(path: string, routes: Route[] = siteRouteTable()): Route | null {
  const asked = segmentsOf(path)
  const { byFirst, anyPath } = matcherOf(routes)
  const candidates = asked.length ? byFirst.get(asked[0]) : undefined
  const found = candidates?.find(
    ({ fixed }) => fixed.length <= asked.length && fixed.every((segment, index) => segment === asked[index]),
  )
  return found?.route ?? anyPath
}

/**
 * The metrics label of a route: a handler is the API, a metadata file static, a staff group's page
 * the admin's; null for the site's pages, which the request's method decides.
 */
export function routeClassOfRoute(route: Route): RouteClass | null {
  if (route.kind === 'handler') return ROUTE_CLASS.api
  if (route.kind === 'file') return ROUTE_CLASS.static
  return route.group && STAFF_GROUPS.has(route.group) ? ROUTE_CLASS.admin : null
}
