// What an old address and a redirect's target may be; the messages are shown beside the field.
import type { PayloadRequest } from 'payload'
import { siteOrigin } from '@/platform/siteUrl'
import { pathFromSegments } from '../sitePath'

/** Longest old address or target address accepted. */
export const MAX_REDIRECT_ADDRESS_LENGTH = 300
/** Paths that belong to the site's own machinery, never to content. */
export const RESERVED_PREFIXES = ['/admin', '/api', '/_next'] as const

const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/

/** The old address as stored: surrounding spaces and a trailing slash dropped. */
export function normaliseFrom(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') || '/' : trimmed
}

/** Why an old address cannot be one, or null; only its form, without the database. */
export function fromFormProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'Enter the old address, starting with /.'
  if (value.length > MAX_REDIRECT_ADDRESS_LENGTH)
    return `Keep the address under ${MAX_REDIRECT_ADDRESS_LENGTH} characters.`
  if (CONTROL_OR_SPACE.test(value)) return 'The address contains spaces or control characters.'
  if (!value.startsWith('/') || value.startsWith('//'))
    return 'Enter a path on this site starting with a single /, such as /old-page (no domain).'
  if (/[?#]/.test(value)) return 'Leave out the query (?…) and the fragment (#…).'
  if (RESERVED_PREFIXES.some((prefix) => value === prefix || value.startsWith(`${prefix}/`)))
    return 'Addresses under /admin, /api and /_next belong to the site itself.'
  if (value === '/' || value === '/home') return "The home page's address cannot redirect."
  if (pathFromSegments(value.slice(1).split('/')) !== value)
    return 'Use lower-case letters, digits and dashes between slashes (like /services/old-page), at most 8 levels deep.'
  return null
}

/**
 * A target address as it is stored and sent, so that every check sees what a browser will: a path
 * with `.` and `..` resolved and anything beyond ASCII percent-encoded; an address on this site's
 * own origin made its path. Left as typed when it cannot be read (the form check then says why).
 */
export function normaliseAddress(value: unknown, origin = siteOrigin()): unknown {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  // A backslash or a second slash turns a path into another site for a browser: refused as typed.
  if (trimmed.includes('\\') || trimmed.startsWith('//') || CONTROL_OR_SPACE.test(trimmed)) return trimmed
  let url: URL
  try {
    url = new URL(trimmed, `${origin}/`)
  } catch {
    return trimmed
  }
  const own = url.origin === new URL(origin).origin
  if (trimmed.startsWith('/') || own) return `${url.pathname}${url.search}${url.hash}`
  return /^https?:$/.test(url.protocol) ? url.href : trimmed
}

/** The site path a target address leads to (no query, fragment or trailing slash), or null for another site. */
export function sitePathOf(address: string): string | null {
  if (!address.startsWith('/') || address.startsWith('//')) return null
  const path = address.split(/[?#]/)[0]
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
}

/** Why a target address cannot be one, or null: a path on this site or an http(s) address elsewhere. */
export function addressFormProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'Enter the address to send visitors to.'
  if (value.length > MAX_REDIRECT_ADDRESS_LENGTH)
    return `Keep the address under ${MAX_REDIRECT_ADDRESS_LENGTH} characters.`
  if (CONTROL_OR_SPACE.test(value)) return 'The address contains spaces or control characters.'
  if (value.includes('\\')) return 'Use / between the parts of an address, never \\.'
  if (value.startsWith('/')) return value.startsWith('//') ? 'Start a path on this site with a single /.' : null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Enter a path on this site (/page) or a full address (https://…).'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'Only http and https addresses can be redirected to.'
  if (url.username || url.password) return 'Leave the user name and password out of the address.'
  return null
}

type RedirectRow = { id: number | string; from: string; to?: string | null; address?: string | null; page?: unknown }

/** The redirect starting at a path, other than the one being edited. */
export async function redirectFrom(
  req: PayloadRequest,
  path: string,
  exceptId?: number | string,
): Promise<RedirectRow | null> {
  const { docs } = await req.payload.find({
    collection: 'redirects',
    where: { from: { equals: path } },
    depth: 1,
    limit: 2,
    req,
  })
  return (docs as RedirectRow[]).find((doc) => exceptId === undefined || String(doc.id) !== String(exceptId)) ?? null
}

/** Where a redirect sends visitors, in words, for messages. */
export function describeTarget(redirect: RedirectRow): string {
  if (redirect.to === 'address') return String(redirect.address)
  const page = redirect.page as { path?: string | null; title?: string | null } | null
  return page && typeof page === 'object' ? `${page.title ?? 'a page'} (${page.path})` : 'a page'
}

/** The old address: well formed, not where a page lives, not already redirected. */
export async function validateFrom(
  value: unknown,
  { req, id }: { req: PayloadRequest; id?: number | string },
): Promise<string | true> {
  const problem = fromFormProblem(value)
  if (problem) return problem
  const path = value as string
  const pages = await req.payload.find({
    collection: 'pages',
    where: { path: { equals: path } },
    depth: 0,
    limit: 1,
    select: { title: true },
    req,
  })
  if (pages.docs[0]) return `A page lives at this address ("${pages.docs[0].title}"): move or delete it first.`
  const existing = await redirectFrom(req, path, id)
  if (existing) return `Another redirect already starts at this address (to ${describeTarget(existing)}).`
  return true
}

/** A target address: well formed, not the old address itself, not an address that is redirected in turn. */
export async function validateAddress(
  value: unknown,
  { req, id, siblingData }: { req: PayloadRequest; id?: number | string; siblingData: Record<string, unknown> },
): Promise<string | true> {
  if (siblingData.to !== 'address') return true
  const problem = addressFormProblem(value)
  if (problem) return problem
  const path = sitePathOf(value as string)
  if (path === null) return true
  if (path === normaliseFrom(siblingData.from)) return 'This redirect would lead to itself.'
  const next = await redirectFrom(req, path, id)
  if (next) return `${path} is itself redirected, to ${describeTarget(next)}: send visitors there directly.`
  return true
}

/** A target page is chosen when the redirect leads to a page. */
export function validatePage(value: unknown, { siblingData }: { siblingData: Record<string, unknown> }): string | true {
  if (siblingData.to !== 'page') return true
  return value === null || value === undefined || value === '' ? 'Choose the page to send visitors to.' : true
}
