import { listen } from './dom'

/**
 * The one place a click on a link is routed. Subscribers take a role, and the router asks the roles
 * in this order whatever order they subscribed in:
 * - `claim` sees every click on a link and may take it for itself (a menu's top link opening its
 *   submenu, back-to-top); a claimed click goes no further. Claims must be disjoint.
 * - `prepare` changes the page before it scrolls (an accordion opens the item a link names, so
 *   the scroll lands where the item sits once the others have closed).
 * - `dismiss` closes what covers the page (the mobile panel), so the target can take focus.
 * - `navigate` moves to the target; the first navigator that takes the click ends the route.
 * Only a plain click on a link to this page reaches `prepare`, `dismiss` and `navigate`.
 */
export const LINK_ROLES = ['claim', 'prepare', 'dismiss', 'navigate'] as const
export type LinkRole = (typeof LINK_ROLES)[number]

/**
 * A click on `link`; `destination` is where it leads on this page ('top' for the page itself), or
 * null; `pointerType` is what made it ('mouse', 'touch', 'pen', or '' for a key press).
 */
export type LinkClick<Link = HTMLAnchorElement, Target = HTMLElement> = {
  link: Link
  destination: Target | 'top' | null
  pointerType: string
}

/** Returns true to take the click (only claimers and navigators are asked). */
export type LinkHandler<C> = (click: C) => boolean | void

/** Subscriptions and the routing order, with no DOM: the document wiring below stays thin. */
export function createLinkRouter<C extends { destination: unknown }>() {
  const subscriptions: { role: LinkRole; handler: LinkHandler<C> }[] = []
  // A copy, so that a handler that unsubscribes mid-route does not shift the others.
  const handlersFor = (role: LinkRole) => subscriptions.filter((s) => s.role === role).map((s) => s.handler)

  return {
    subscribe(role: LinkRole, handler: LinkHandler<C>): () => void {
      const subscription = { role, handler }
      subscriptions.push(subscription)
      return () => {
        const at = subscriptions.indexOf(subscription)
        if (at >= 0) subscriptions.splice(at, 1)
      }
    },
    get empty() {
      return subscriptions.length === 0
    },
    /** Runs the roles in order; true when a claimer or a navigator took the click. */
    route(click: C): boolean {
      if (handlersFor('claim').some((claim) => claim(click) === true)) return true
      if (click.destination === null) return false
      for (const prepare of handlersFor('prepare')) prepare(click)
      for (const dismiss of handlersFor('dismiss')) dismiss(click)
      return handlersFor('navigate').some((navigate) => navigate(click) === true)
    },
  }
}

/** Where a link leads on the page at `here`: an element's id, 'top' for the page itself, or null when it leaves. */
export function samePageDestination(href: string, rawHref: string | null, here: string): { id: string } | 'top' | null {
  const page = new URL(here)
  const url = new URL(href, page)
  if (url.origin !== page.origin || url.pathname !== page.pathname || url.search !== page.search) return null
  // A bare "#" is a script's placeholder link, not a way back to the top.
  if (!url.hash || url.hash === '#') return rawHref?.includes('#') ? null : 'top'
  if (url.hash === '#top') return 'top'
  try {
    return { id: decodeURIComponent(url.hash.slice(1)) }
  } catch {
    return null
  }
}

type ClickKeys = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>
type LinkOpening = { target: string; hasAttribute(name: string): boolean }

/** A primary-button click without modifier keys, on a link that opens in this tab and is no download. */
export const followsInPlace = (event: ClickKeys, link: LinkOpening) =>
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  (!link.target || link.target === '_self') &&
  !link.hasAttribute('download')

/**
 * What made a click: the click's own pointerType where the browser gives one, else the pointer
 * last pressed (browsers whose clicks are plain mouse events); a click with no press count came
 * from a key.
 */
export function clickPointerType(event: { detail: number; pointerType?: string }, lastPressed: string): string {
  if (event.pointerType) return event.pointerType
  return event.detail > 0 ? lastPressed : ''
}

const pageLinks = createLinkRouter<LinkClick>()
let detachDocument: (() => void) | undefined
let lastPressed = ''
const rememberPress = (event: PointerEvent) => (lastPressed = event.pointerType)

function onDocumentClick(event: MouseEvent) {
  if (event.defaultPrevented) return
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]')
  if (!link) return
  const found = followsInPlace(event, link)
    ? samePageDestination(link.href, link.getAttribute('href'), window.location.href)
    : null
  const destination = found === 'top' || found === null ? found : document.getElementById(found.id)
  const pointerType = clickPointerType(event as MouseEvent & { pointerType?: string }, lastPressed)
  if (!pageLinks.route({ link, destination, pointerType })) return
  event.preventDefault()
  // Next's <Link> would also handle this click; the page stays put, so it need not.
  event.stopPropagation()
}

/**
 * Subscribes `handler` to clicks on links in `role` (see LINK_ROLES). The document listener,
 * in the capture phase so that it runs before the page's own, is added with the first
 * subscriber and removed with the last. Returns the function that unsubscribes.
 */
export function subscribeToLinks(role: LinkRole, handler: LinkHandler<LinkClick>): () => void {
  const unsubscribe = pageLinks.subscribe(role, handler)
  if (!detachDocument) {
    const removers = [
      listen(document, 'pointerdown', rememberPress, { capture: true, passive: true }),
      listen(document, 'click', onDocumentClick, { capture: true }),
    ]
    detachDocument = () => removers.forEach((remove) => remove())
  }
  return () => {
    unsubscribe()
    if (pageLinks.empty) {
      detachDocument?.()
      detachDocument = undefined
    }
  }
}
