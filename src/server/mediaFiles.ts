import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { carriesMediaVersion, MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import { MEDIA_DIR, MEDIA_FOLDER } from '@/platform/paths'
import {
  UPLOAD_STORE_RETRY_AFTER_SECONDS,
  UploadObjects,
  uploadObjects,
  UploadStoreUnavailable,
} from '@/platform/storage/uploadStorage'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { askedRange, type ByteRange, contentRange, type RangeAnswer } from '@/platform/byteRange'

/** Where Payload serves the media collection's files (src/content/collections/Media.ts). */
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
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
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

/** Whether the request asks for a media file, which answerMediaFile then answers. */
export function isMediaFileRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.url ?? '').startsWith(MEDIA_FILE_PREFIX)
}

/** One media file found in its store: its validators, and its bytes still to be read. */
type FoundMediaFile = {
  size: number
  modifiedMs: number
  /** The store's own tag (`"<mtime>-<size>"` on disk, the object's ETag in a bucket), strong. */
  entityTag: string
  /**
   * The bytes, whole or of one range, read once; `discard` when they are not sent. Rejects with
   * UploadStoreUnavailable when the store does not answer.
   */
  open: (range?: ByteRange) => Promise<Readable>
  discard: () => void
}

/**
 * Where media files are read from: the uploads folder, or the bucket when uploads live in S3
 * (src/platform/storage). `find` answers null for a missing file and throws UploadStoreUnavailable when
 * the store does not answer.
 */
export type MediaStore = { find: (name: string) => Promise<FoundMediaFile | null> }

/**
 * Media files in a folder of the local disk (a name leading out of it is refused before). A file is
 * opened without following a link and served only when what was opened is a regular file: a link
 * put in the folder (by a restore, by hand) could otherwise publish any file the site may read.
 */
export function diskMediaStore(mediaDir = MEDIA_DIR): MediaStore {
  const root = path.resolve(mediaDir)
  return {
    async find(name) {
      const filePath = path.resolve(root, name)
      if (path.dirname(filePath) !== root) return null
      const file = await fs.promises.open(filePath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW).catch(() => null)
      if (!file) return null
      const stats = await file.stat().catch(() => null)
      if (!stats?.isFile()) {
        await file.close()
        return null
      }
      return {
        size: stats.size,
        modifiedMs: stats.mtimeMs,
        entityTag: mediaEntityTag(stats),
        open: async (range) => file.createReadStream(range ?? {}),
        discard: () => void file.close().catch(() => undefined),
      }
    },
  }
}

/** Media files in the bucket's media folder, where Payload's S3 adapter put them. */
export function bucketMediaStore(objects: UploadObjects): MediaStore {
  return {
    async find(name) {
      const key = objects.keyOf(MEDIA_FOLDER, { filename: name })
      const object = await objects.read(key)
      if (!object) return null
      return {
        size: object.size,
        modifiedMs: object.modifiedMs,
        // A store that names no ETag gets the disk's form, from the object's date and size.
        entityTag: object.entityTag ?? mediaEntityTag({ mtimeMs: object.modifiedMs, size: object.size }),
        async open(range) {
          if (!range) return object.body
          object.body.destroy()
          // Only from the version found: an object replaced in between fails the read (503) rather
          // than send bytes of another file under this one's size.
          const part = await objects.read(key, { range, ifMatch: object.entityTag })
          if (!part) throw new UploadStoreUnavailable(new Error(`${key} went away between two reads`))
          return part.body
        },
        discard: () => object.body.destroy(),
      }
    },
  }
}

/** The store the site's settings name: the bucket with S3_* set, else the uploads folder. */
export function siteMediaStore(mediaDir = MEDIA_DIR): MediaStore {
  const objects = uploadObjects()
  return objects ? bucketMediaStore(objects) : diskMediaStore(mediaDir)
}

/** The answer while the store cannot give a file: 503 with Retry-After when it is down, else 500. */
function answerStoreFailure(res: ServerResponse, name: string, error: unknown) {
  if (!(error instanceof UploadStoreUnavailable)) {
    console.error(`Media file ${name} could not be looked up:`, error)
    return refuse(res, 500, 'Server error: the file cannot be read.')
  }
  console.error(`Media file ${name} could not be read from the upload store:`, error.cause ?? error)
  res.setHeader('Retry-After', String(UPLOAD_STORE_RETRY_AFTER_SECONDS))
  return refuse(res, 503, 'Service unavailable: the file cannot be read just now; try again shortly.')
}

/**
 * Answers a media file from its store with its validators: Cache-Control by whether the address
 * carries the file's version, ETag and Last-Modified, and 304 when the client's copy is current;
 * 503 with Retry-After while the store does not answer. One byte range is answered 206 (a video
 * seeks ahead of what has arrived), one past the end 416; other Range headers, and an If-Range
 * naming another version, get the whole file (src/platform/byteRange.ts). A compressed type is always
 * sent whole: the bytes sent are not the file's (nginx's gzip does the same).
 */
export async function answerMediaFile(
  req: IncomingMessage,
  res: ServerResponse,
  store: MediaStore = siteMediaStore(),
): Promise<void> {
  const [pathname, search = ''] = (req.url ?? '').split('?', 2)
  const name = mediaFileName(pathname)
  if ('refused' in name) return refuse(res, 400, `Bad request: ${name.refused}.`)

  let file: FoundMediaFile | null
  try {
    file = await store.find(name.name)
  } catch (error) {
    return answerStoreFailure(res, name.name, error)
  }
  if (!file) return refuse(res, 404, 'Not found: no such file.')

  const type = MEDIA_TYPES[path.extname(name.name).toLowerCase()] ?? 'application/octet-stream'
  const compressed = COMPRESSIBLE_TYPES.has(type)
  const entityTag = compressed ? `W/${file.entityTag}` : file.entityTag
  res.setHeader(
    'Cache-Control',
    carriesMediaVersion(search) ? MEDIA_CACHE_CONTROL.versioned : MEDIA_CACHE_CONTROL.unversioned,
  )
  res.setHeader('ETag', entityTag)
  res.setHeader('Last-Modified', new Date(file.modifiedMs).toUTCString())
  res.setHeader('Accept-Ranges', compressed ? 'none' : 'bytes')
  for (const [header, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(header, value)
  res.setHeader('Content-Security-Policy', MEDIA_FILE_CSP)
  if (isNotModified(req.headers, entityTag, file.modifiedMs)) {
    file.discard()
    res.writeHead(304)
    res.end()
    return
  }

  const asked: RangeAnswer = compressed
    ? { whole: true }
    : askedRange(
        { range: req.headers.range, ifRange: req.headers['if-range'] },
        { entityTag, modifiedMs: file.modifiedMs, size: file.size },
      )
  if ('unsatisfiable' in asked) {
    file.discard()
    res.setHeader('Content-Range', contentRange(file.size))
    return refuse(res, 416, 'Range not satisfiable: the file is shorter.')
  }
  const range = 'part' in asked ? asked.part : undefined
  let stream: Readable | undefined
  if (req.method === 'HEAD') file.discard()
  else {
    try {
      stream = await file.open(range)
    } catch (error) {
      return answerStoreFailure(res, name.name, error)
    }
  }
  res.writeHead(range ? 206 : 200, {
    'Content-Type': type,
    'Content-Length': range ? range.end - range.start + 1 : file.size,
    ...(range && { 'Content-Range': contentRange(file.size, range) }),
  })
  if (!stream) return void res.end()
  stream.on('error', (error) => {
    console.error(`Media file ${name.name} could not be read:`, error)
    res.destroy(error)
  })
  stream.pipe(res)
}
