// Relative, not '@/': next.config.ts loads this file, and Next's loader of its configuration knows no path aliases.
import { processWide } from '../platform/processWide'

/** Hosts a configured third party needs, per CSP directive. */
export type ThirdPartySources = { script: string[]; connect: string[]; img: string[]; frame: string[]; style: string[] }

export const NO_THIRD_PARTY: ThirdPartySources = { script: [], connect: [], img: [], frame: [], style: [] }

/** Every host any part asks for, once per directive. */
export function mergeSources(parts: Partial<ThirdPartySources>[]): ThirdPartySources {
  const merged = { ...NO_THIRD_PARTY }
  for (const key of Object.keys(merged) as (keyof ThirdPartySources)[]) {
    merged[key] = [...new Set(parts.flatMap((part) => part[key] ?? []))]
  }
  return merged
}

/*
 * The server (src/server) builds every page's CSP and must not query the database to do so. Each
 * read or change of the site settings publishes the sources here, one copy per process, which the
 * server and the app's routes share.
 */
const published = processWide<{ sources: ThirdPartySources }>('security.third-party-sources', () => ({
  sources: NO_THIRD_PARTY,
}))

export function publishThirdPartySources(sources: ThirdPartySources): void {
  published.sources = sources
}

/** The sources last published; none before the settings were first read. */
export function currentThirdPartySources(): ThirdPartySources {
  return published.sources
}
