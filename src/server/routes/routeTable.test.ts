import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nginxConfText } from '../../../deploy/lib/nginxConf.mjs'
import { ROUTE_CLASS } from '@/metrics/siteMetrics'
import { routeClassOf } from '../metrics'
import { isUnknownPageAddress } from '../unknownAddresses'
import { addressOf, appDirOf, readRouteTable } from './routeTable.mjs'
import { routeFirstSegments } from './siteRoutes'

/** An app folder of the shape src/app has: the content's pages as the catch-all, a staff group. */
const APP_FILES = [
  '(site)/[[...slug]]/page.tsx',
  '(site)/layout.tsx',
  '(site)/_parts/helper.ts',
  '(site)/api/contact/route.ts',
  '(payload)/admin/[[...segments]]/page.tsx',
  '(payload)/api/[...slug]/route.ts',
  'robots.ts',
]

let root: string

function appWith(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(root, 'app-'))
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), 'export {}\n')
  }
  return dir
}

/** The front's configuration for an app folder, with nothing but the routes mattering. */
const nginxConfOf = (appDir: string) =>
  nginxConfText({
    asRoot: false,
    listenAddresses: ['127.0.0.1:'],
    port: 8080,
    httpsPort: 8443,
    tlsCert: 'cert.pem',
    tlsKey: 'key.pem',
    acmeDir: 'acme',
    staticDir: 'static',
    prefixDir: 'state',
    mediaDir: 'media',
    appPorts: [3000],
    appDir,
  })

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-'))
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('the route table', () => {
  it('reads every page, route handler and metadata file of src/app, without groups, private folders or layouts', () => {
    const table = readRouteTable(appWith(APP_FILES))
    expect(table.map((route) => `${addressOf(route)} ${route.kind}`)).toEqual([
      '/[[...slug]] page',
      '/admin/[[...segments]] page',
      '/api/[...slug] handler',
      '/api/contact handler',
      '/robots.txt file',
    ])
  })

  it('names the folder when there is no app to read', () => {
    expect(() => readRouteTable(path.join(root, 'nowhere'))).toThrow(/no app folder at .*nowhere/)
  })

  it('is read from the site’s own src/app', () => {
    const table = readRouteTable(appDirOf(process.cwd()))
    for (const address of ['/search', '/chat', '/agent', '/api/chat/stream', '/index.php', '/sitemap.xml'])
      expect(table.map(addressOf)).toContain(address)
  })

  it('puts a route added under src/app into the metrics labels, the unknown-address check and the front’s locations', () => {
    const before = appWith(APP_FILES)
    const after = appWith([...APP_FILES, '(site)/quotes/page.tsx', '(site)/api/rates/route.ts', '(site)/feed/route.ts'])
    const [old, added] = [readRouteTable(before), readRouteTable(after)]

    expect(routeClassOf('GET', '/feed', old)).toBe(ROUTE_CLASS.page)
    expect(routeClassOf('GET', '/feed', added)).toBe(ROUTE_CLASS.api)

    const known = new Set(['/'])
    expect(isUnknownPageAddress('/quotes', known, old)).toBe(true)
    expect(isUnknownPageAddress('/quotes', known, added)).toBe(false)
    expect(routeFirstSegments(added)).toContain('feed')

    expect(nginxConfOf(before)).not.toMatch(/quotes|rates/)
    expect(nginxConfOf(after)).toContain('location ~ ^/(quotes)(/|$) {')
    expect(nginxConfOf(after)).toContain('location ~ ^/api/(contact|rates)(/|$) {')
  })
})

describe('the metrics labels the route table gives', () => {
  it('counts staff pages, API routes, files and pages apart, as before the table', () => {
    const cases: [string, string, string][] = [
      ['GET', '/admin/collections/pages', ROUTE_CLASS.admin],
      ['POST', '/agent/login', ROUTE_CLASS.admin],
      ['POST', '/api/contact', ROUTE_CLASS.api],
      ['GET', '/api/pages?where=x', ROUTE_CLASS.api],
      ['POST', '/index.php', ROUTE_CLASS.api],
      ['GET', '/api/media/file/photo.jpg', ROUTE_CLASS.static],
      ['GET', '/_next/static/chunks/main.js', ROUTE_CLASS.static],
      ['GET', '/robots.txt', ROUTE_CLASS.static],
      ['GET', '/logo.png', ROUTE_CLASS.static],
      ['GET', '/services/lien-search', ROUTE_CLASS.page],
      ['HEAD', '/search?q=lien', ROUTE_CLASS.page],
      ['POST', '/faq', ROUTE_CLASS.other],
    ]
    for (const [method, url, label] of cases) expect(routeClassOf(method, url), `${method} ${url}`).toBe(label)
  })
})
