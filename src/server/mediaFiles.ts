import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { carriesMediaVersion, MEDIA_CACHE_CONTROL } from '@/cms/media/fileVersion'
import { MEDIA_DIR } from '@/cms/paths'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'

/** Where Payload serves the media collection's files (src/cms/collections/Media.ts). */
export const MEDIA_FILE_PREFIX = '/api/media/file/'

/**
 * The policy of a media file opened on its own: an SVG may draw and style itself but runs no
 * script and loads nothing (the front sends the same, deploy/nginx.conf.template).
 */
export const MEDIA_FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

/** The types an upload may have (the collection's mimeTypes), by the extension Payload gives the file. */
const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
}

/** Longest If-None-Match list read; a longer one is taken as matching nothing. */
const MAX_ENTITY_TAGS = 64

/**
 * The file a request names, or a refusal: one path segment, no way out of the uploads folder, no
 * hidden or unreadable name.
 */
export function mediaFileName(pathname: string): { name: string } | { refused: string } {
  let name: string
  try {
    name = decodeURIComponent(pathname.slice(MEDIA_FILE_PREFIX.length))
  } catch {
    return { refused: 'the file name is not valid' }
  }
  if (!name || name.startsWith('.') || /[/\\\0]/.test(name)) return { refused: 'the file name is not valid' }
  return { name }
}

/** Types sent compressed to a client that takes it; their tag is weak, as one tag names both encodings. */
const COMPRESSIBLE_TYPES = new Set(['image/svg+xml'])

/**
 * The same validator nginx gives a file it serves (`"<mtime in hex>-<size in hex>"`, weak when
 * it compresses the file), so the app and the front answer each other's revalidations.
 */
export function mediaEntityTag(stats: Pick<fs.Stats, 'mtimeMs' | 'size'>, weak = false): string {
  return `${weak ? 'W/' : ''}"${Math.floor(stats.mtimeMs / 1000).toString(16)}-${stats.size.toString(16)}"`
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '')

/**
 * Whether the client's copy is current (RFC 9110, 13.2.2): If-None-Match decides when present (a
 * weak comparison, `*` matching any file); otherwise If-Modified-Since, at one-second precision.
 * An unreadable condition is not met, so the client gets the whole file.
 */
export function isNotModified(
  headers: Pick<IncomingMessage['headers'], 'if-none-match' | 'if-modified-since'>,
  entityTag: string,
  modifiedMs: number,
): boolean {
  const ifNoneMatch = headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true
    const tags = ifNoneMatch.split(',', MAX_ENTITY_TAGS + 1)
    if (tags.length > MAX_ENTITY_TAGS) return false
    return tags.some((tag) => opaqueTag(tag) === opaqueTag(entityTag))
  }
  const since = Date.parse(headers['if-modified-since'] ?? '')
  return Number.isFinite(since) && Math.floor(modifiedMs / 1000) * 1000 <= since
}

function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...STATIC_SECURITY_HEADERS,
  })
  res.end(message)
}

/** Whether the request asks for a media file, which answerMediaFile then answers whole. */
export function isMediaFileRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '').startsWith(MEDIA_FILE_PREFIX)
}

/**
 * Answers a media file from the uploads folder with its validators: Cache-Control by whether the
 * address carries the file's version, ETag and Last-Modified, and 304 when the client's copy is
 * current. A Range is ignored (the whole file is sent, as HTTP allows): the collection holds images.
 */
export async function answerMediaFile(req: IncomingMessage, res: ServerResponse, mediaDir = MEDIA_DIR): Promise<void> {
  const [pathname, search = ''] = (req.url ?? '').split('?', 2)
  const file = mediaFileName(pathname)
  if ('refused' in file) return refuse(res, 400, `Bad request: ${file.refused}.`)
  const root = path.resolve(mediaDir)
  const filePath = path.resolve(root, file.name)
  if (path.dirname(filePath) !== root) return refuse(res, 400, 'Bad request: the file name is not valid.')

  let stats: fs.Stats
  try {
    stats = await fs.promises.stat(filePath)
  } catch {
    return refuse(res, 404, 'Not found: no such file.')
  }
  if (!stats.isFile()) return refuse(res, 404, 'Not found: no such file.')

  const type = MEDIA_TYPES[path.extname(file.name).toLowerCase()] ?? 'application/octet-stream'
  const entityTag = mediaEntityTag(stats, COMPRESSIBLE_TYPES.has(type))
  res.setHeader(
    'Cache-Control',
    carriesMediaVersion(search) ? MEDIA_CACHE_CONTROL.versioned : MEDIA_CACHE_CONTROL.unversioned,
  )
  res.setHeader('ETag', entityTag)
  res.setHeader('Last-Modified', new Date(stats.mtimeMs).toUTCString())
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value)
  res.setHeader('Content-Security-Policy', MEDIA_FILE_CSP)
  if (isNotModified(req.headers, entityTag, stats.mtimeMs)) {
    res.writeHead(304)
    res.end()
    return
  }
  res.setHeader('Content-Type', type)
  res.setHeader('Content-Length', stats.size)
  if (req.method === 'HEAD') {
    res.writeHead(200)
    res.end()
    return
  }
  const stream = fs.createReadStream(filePath)
  stream.on('error', (error) => {
    console.error(`Media file ${file.name} could not be read:`, error)
    res.destroy(error)
  })
  res.writeHead(200)
  stream.pipe(res)
}
