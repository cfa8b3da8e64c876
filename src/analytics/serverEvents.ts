import type { Payload } from 'payload'
import { siteOrigin } from '@/platform/siteUrl'
import { clientAddress } from '@/security/request'
import { createEventRecorder, type EventRecorder, trackingRefused } from './collector/ingest'
import { siteHostsOf } from './collector/siteHosts'
import type { CollectedEvent } from './collector/limits'

/** One recorder per Payload (its own salt and sessions), as the collector keeps one per process. */
const recorders = new WeakMap<Payload, EventRecorder>()

/** The page an action was taken on, if it is one of this site's; else the site's home page. */
function pageOf(page: string | null | undefined, hosts: string[]): string {
  const home = `${siteOrigin()}/`
  if (!page) return home
  try {
    const url = new URL(page, home)
    return (url.protocol === 'http:' || url.protocol === 'https:') && hosts.includes(url.host.toLowerCase())
      ? url.href
      : home
  } catch {
    return home
  }
}

/**
 * Counts a visitor action the server has just accepted (a contact message, a chat started) on the
 * dashboard, as the collector counts a browser's events: the same daily visitor hash, session and
 * device, nothing kept of the address. Not for a visitor who sends Do Not Track or Global Privacy
 * Control. A failure is logged and never fails the visitor's action.
 */
export async function recordServerEvent(
  payload: Payload,
  request: Pick<Request, 'headers'>,
  event: { name: string; page?: string | null; props?: CollectedEvent['props'] },
): Promise<void> {
  if (trackingRefused(request)) return
  try {
    let record = recorders.get(payload)
    if (!record) recorders.set(payload, (record = createEventRecorder(payload)))
    const hosts = siteHostsOf(request)
    const collected: CollectedEvent = {
      name: event.name,
      url: pageOf(event.page, hosts),
      ts: Date.now(),
      ...(event.props ? { props: event.props } : {}),
    }
    await record([collected], {
      address: clientAddress(request),
      userAgent: request.headers.get('user-agent') ?? '',
      hosts,
    })
  } catch (error) {
    payload.logger.error({ err: error, event: event.name }, 'analytics: a server event could not be stored')
  }
}
