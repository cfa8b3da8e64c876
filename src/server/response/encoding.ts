import { promisify } from 'node:util'
import zlib from 'node:zlib'

export type Encoding = 'br' | 'gzip'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Brotli's and gzip's levels: a cached page is compressed once, as small as the formats go; a page made per request, quickly. */
const BROTLI_QUALITY = { once: 11, perRequest: 5 }
const GZIP_LEVEL = { once: 9, perRequest: 6 }

/** The body in `encoding`; `once`: the page is cached, so this is done once for every visitor. */
export function compress(body: Buffer, encoding: Encoding, once: boolean): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: once ? BROTLI_QUALITY.once : BROTLI_QUALITY.perRequest,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
  return gzip(body, { level: once ? GZIP_LEVEL.once : GZIP_LEVEL.perRequest })
}

/** The best encoding the client accepts (a `q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    if (name && !refused) accepted.add(name)
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

/** A Vary header's value with `name` added, unless it is there already (or everything varies). */
export function mergeVary(existing: unknown, name: string): string {
  const values = String(existing ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  return values.some((value) => value.toLowerCase() === name.toLowerCase() || value === '*')
    ? values.join(', ')
    : [...values, name].join(', ')
}
