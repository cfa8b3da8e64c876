import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { METADATA_FILE, NEXT_CHUNKS_PATH, NEXT_OWN_FIRST_SEGMENT, VERSIONED_ICON } from './addresses'
import { BUILD_ID_FILE, NEXT_BUILD_DIR } from './build.mjs'
import { ROUTER_DATA_KIND, ROUTER_DATA_PUSH, STYLE_ELEMENT_PROPS } from './document'
import { IMPLICIT_TAG_PREFIX, INCREMENTAL_CACHE_GLOBAL } from './pageCache'
import { DRAFT_MODE_COOKIE, PRERENDER_REVALIDATE_HEADERS, ROUTER_REQUEST_HEADERS } from './requests'
import { isCachedByNext, NEXT_CACHE_HEADER, NEXT_CACHE_HITS, NEXT_PERMANENT_REDIRECT_STATUS } from './responses'

// Each test reads the installed Next (its own constants where it exports them, else its code) and
// fails naming the internal the site's server relies on, so an upgrade that changes one stops here.

const fromNext = createRequire(import.meta.url)
const NEXT_VERSION: string = fromNext('next/package.json').version

/** Next's module `name` (a path under next/dist), loaded as Next loads it. */
const nextModule = <T>(name: string): T => fromNext(`next/dist/${name}`) as T
/** The code of Next's module `name`. */
const nextCode = (name: string) => fs.readFileSync(fromNext.resolve(`next/dist/${name}`), 'utf8')

/** Fails with the internal's name, the installed version and where the site names it. */
function expectStill(internal: string, where: string, holds: boolean) {
  expect(holds, `Next ${NEXT_VERSION} changed ${internal}: update src/platform/next/${where} and its users`).toBe(true)
}

describe('the Next internals the site’s server relies on, in the installed Next', () => {
  it('keeps the process’s page cache on globalThis.__incrementalCache', () => {
    const code = nextCode('server/base-server.js')
    expectStill(
      'globalThis.__incrementalCache',
      'pageCache.ts',
      code.includes(`globalThis.${INCREMENTAL_CACHE_GLOBAL} =`),
    )
  })

  it('tags what it renders under a path with the implicit tag prefix _N_T_', () => {
    const { NEXT_CACHE_IMPLICIT_TAG_ID } = nextModule<{ NEXT_CACHE_IMPLICIT_TAG_ID: string }>('lib/constants')
    expectStill('the implicit tag prefix (_N_T_)', 'pageCache.ts', NEXT_CACHE_IMPLICIT_TAG_ID === IMPLICIT_TAG_PREFIX)
  })

  it('re-renders and writes its cache on the x-prerender-revalidate headers', () => {
    const constants = nextModule<Record<string, string>>('lib/constants')
    const theirs = [constants.PRERENDER_REVALIDATE_HEADER, constants.PRERENDER_REVALIDATE_ONLY_GENERATED_HEADER]
    expectStill(
      'the x-prerender-revalidate headers',
      'requests.ts',
      theirs.join() === PRERENDER_REVALIDATE_HEADERS.join(),
    )
  })

  it('keeps draft mode in the __prerender_bypass cookie', () => {
    const code = nextCode('server/api-utils/index.js')
    expectStill(
      'the draft mode cookie',
      'requests.ts',
      code.includes(`COOKIE_NAME_PRERENDER_BYPASS = \`${DRAFT_MODE_COOKIE}\``),
    )
  })

  it('marks its client router’s requests with the rsc and next-router-* headers', () => {
    const headers = nextModule<Record<string, string>>('client/components/app-router-headers')
    const theirs = [
      headers.RSC_HEADER,
      headers.NEXT_ROUTER_PREFETCH_HEADER,
      headers.NEXT_ROUTER_STATE_TREE_HEADER,
      headers.NEXT_ROUTER_SEGMENT_PREFETCH_HEADER,
    ]
    expectStill('the client router’s request headers', 'requests.ts', theirs.join() === ROUTER_REQUEST_HEADERS.join())
  })

  it('tells whether its page cache answered in x-nextjs-cache, HIT or STALE from the cache', () => {
    const code = nextCode('build/templates/app-page-runtime.js')
    const writesHeader = code.includes(`'${NEXT_CACHE_HEADER}'`) || code.includes(`"${NEXT_CACHE_HEADER}"`)
    const namesHits = [...NEXT_CACHE_HITS].every(
      (answer) => code.includes(`'${answer}'`) || code.includes(`"${answer}"`),
    )
    expectStill(`the ${NEXT_CACHE_HEADER} header and its answers`, 'responses.ts', writesHeader && namesHits)
  })

  it('marks a cached page with s-maxage and a page made per request private', () => {
    type CacheControl = { revalidate: number | false; expire?: number }
    const { getCacheControlHeader } = nextModule<{ getCacheControlHeader: (c: CacheControl) => string }>(
      'server/lib/cache-control',
    )
    const cached = [
      getCacheControlHeader({ revalidate: false }),
      getCacheControlHeader({ revalidate: 60, expire: 120 }),
    ]
    const perRequest = getCacheControlHeader({ revalidate: 0 })
    expectStill(
      'the Cache-Control of a cached page (s-maxage)',
      'responses.ts',
      cached.every(isCachedByNext) && !isCachedByNext(perRequest),
    )
  })

  it('answers permanentRedirect() with 308', () => {
    const { RedirectStatusCode } = nextModule<{ RedirectStatusCode: Record<string, number> }>(
      'client/components/redirect-status-code',
    )
    expectStill(
      'the permanent redirect’s status',
      'responses.ts',
      RedirectStatusCode.PermanentRedirect === NEXT_PERMANENT_REDIRECT_STATUS,
    )
  })

  it('names its build in .next/BUILD_ID', () => {
    const constants = nextModule<{ BUILD_ID_FILE: string }>('shared/lib/constants')
    const code = nextCode('server/config-shared.js')
    expectStill(
      'the build id file',
      'build.ts',
      constants.BUILD_ID_FILE === BUILD_ID_FILE && code.includes(`distDir: '${NEXT_BUILD_DIR}',`),
    )
  })

  it('serves its own files under /_next/static/ and its chunks under /_next/static/chunks/', () => {
    const code = nextCode('build/webpack-config.js')
    const chunks = NEXT_CHUNKS_PATH.slice(`/${NEXT_OWN_FIRST_SEGMENT}/`.length)
    expectStill('where the chunks are served', 'addresses.ts', code.includes(`\`${chunks}`))
    expectStill(
      'the _next prefix',
      'addresses.ts',
      nextCode('server/app-render/render-css-resource.js').includes(`}/${NEXT_OWN_FIRST_SEGMENT}/\${`),
    )
  })

  it('names metadata icons <name>-<hash>.<ext>, at addresses the server tells from pages', () => {
    type Fill = (segment: string, file: string) => string
    const { fillStaticMetadataSegment } = nextModule<{ fillStaticMetadataSegment: Fill }>(
      'lib/metadata/get-metadata-route',
    )
    const icon = fillStaticMetadataSegment('/(site)', 'icon.svg')
    const appleIcon = fillStaticMetadataSegment('/(site)', 'apple-icon.png')
    const named = [icon, appleIcon].every((address) => METADATA_FILE.test(address.slice(1)))
    expectStill('the metadata icons’ addresses', 'addresses.ts', named && VERSIONED_ICON.test(`${icon}?icon.x.svg`))
  })

  it('hands the router its page data in self.__next_f.push([1,"…"]) scripts, and inline CSS as <style precedence href>', () => {
    const streamCode = nextCode('server/app-render/stream-ops.node.js')
    const cssCode = nextCode('server/app-render/render-css-resource.js')
    expectStill(
      'the router data scripts (self.__next_f.push)',
      'document.ts',
      streamCode.includes(`${ROUTER_DATA_PUSH}(`),
    )
    expectStill(
      'the kinds of router data piece',
      'document.ts',
      streamCode.includes(`INLINE_FLIGHT_PAYLOAD_BOOTSTRAP = ${ROUTER_DATA_KIND.bootstrap}`) &&
        streamCode.includes(`INLINE_FLIGHT_PAYLOAD_DATA = ${ROUTER_DATA_KIND.data}`),
    )
    const styleElement = /createElement\('style', \{([^}]*)\}/.exec(cssCode)?.[1] ?? ''
    expectStill(
      'the inline <style> element',
      'document.ts',
      STYLE_ELEMENT_PROPS.every((prop) => styleElement.includes(`${prop}:`)),
    )
  })
})
