import { tagCspSources, type TagSettings } from './hosts'

/*
 * The proxy builds every response's CSP and must not query the database to do so. Each read or
 * change of the site settings publishes the tag hosts here, on globalThis, which the proxy and
 * the app's routes share within one server process.
 */
const KEY = Symbol.for('cardinal-title.analytics.tag-csp-sources')

type Holder = { [KEY]?: string[] }

export function publishTagCspSources(settings: TagSettings | null | undefined): void {
  ;(globalThis as Holder)[KEY] = tagCspSources(settings)
}

/** The tag hosts last published; none before the settings were first read. */
export function currentTagCspSources(): string[] {
  return (globalThis as Holder)[KEY] ?? []
}
