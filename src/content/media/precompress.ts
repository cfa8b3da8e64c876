import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { MEDIA_DIR } from '@/platform/paths'

/** Uploads that compress (raster images are compressed already); the front sends their .gz as it is (gzip_static). */
const PRECOMPRESSED_TYPES = new Set(['image/svg+xml'])

/** The copy nginx sends a client that takes gzip, beside the file. */
export const precompressedPath = (filename: string, mediaDir = MEDIA_DIR) => path.join(mediaDir, `${filename}.gz`)

type UploadFields = { filename?: string | null; mimeType?: string | null }

function removePrecompressedCopy(filename: string | null | undefined) {
  if (filename) fs.rmSync(precompressedPath(filename), { force: true })
}

/**
 * Writes a gzip copy (level 9) beside an uploaded SVG, dated like the file, and removes the copy
 * of a file the upload no longer has: the front would otherwise send a replaced drawing's old bytes.
 * With uploads in S3 there is no file here, so nothing is written (the server compresses on the way).
 */
export const precompressUpload: CollectionAfterChangeHook = ({ doc, previousDoc }) => {
  const { filename, mimeType } = doc as UploadFields
  const previous = (previousDoc ?? {}) as UploadFields
  if (previous.filename && previous.filename !== filename) removePrecompressedCopy(previous.filename)
  if (!filename) return doc
  const file = path.join(MEDIA_DIR, filename)
  if (!PRECOMPRESSED_TYPES.has(mimeType ?? '') || !fs.existsSync(file)) {
    removePrecompressedCopy(filename)
    return doc
  }
  const stats = fs.statSync(file)
  fs.writeFileSync(precompressedPath(filename), zlib.gzipSync(fs.readFileSync(file), { level: 9 }))
  fs.utimesSync(precompressedPath(filename), stats.atimeMs / 1000, stats.mtimeMs / 1000)
  return doc
}

/** The gzip copy goes with its upload. */
export const removePrecompressedUpload: CollectionAfterDeleteHook = ({ doc }) => {
  removePrecompressedCopy((doc as UploadFields).filename)
  return doc
}
