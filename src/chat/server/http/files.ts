import { constants } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { type Payload, ValidationError } from 'payload'
import { isChatStaffUser } from '@/platform/access'
import { askedRange, contentRange } from '@/platform/byteRange'
import { CHAT_FILES_FOLDER } from '@/platform/dataFolder.mjs'
import { readLimitedBytes } from '@/security/request'
import {
  UPLOAD_STORE_RETRY_AFTER_SECONDS,
  uploadObjects,
  UploadStoreUnavailable,
} from '@/platform/storage/uploadStorage'
import type { ChatFile } from '@/payload-types'
import { agentAuthor, type EventAuthor } from '../../protocol'
import { CHAT_FILES_DIR } from '../../collections/ChatFiles'
import { CHAT_FILE_MAX_BYTES, CHAT_FILE_TYPES } from '../../constants'
import { agentOf } from './agent'
import { ChatRequestError, refuseWhenLimited } from '../errors'
import { jsonError, originAllowed } from './guards'
import { chatHub } from '../live/hub'
import { readChatSettings } from '../settings'
import { ChatStore, customerStatusOf } from '../storage/store'
import { positiveId } from './validation'
import { visitorOf, visitorPostLimiter } from './visitor'

type ChatFileType = (typeof CHAT_FILE_TYPES)[number]

/** Room for the multipart envelope around the file: boundaries, part headers, an agent's conversation id. */
export const CHAT_UPLOAD_OVERHEAD_BYTES = 64 * 1024
/** Largest upload body read; past it the upload is refused (413) and the rest is never read. */
export const CHAT_UPLOAD_MAX_BYTES = CHAT_FILE_MAX_BYTES + CHAT_UPLOAD_OVERHEAD_BYTES

/** File name endings each type may carry: a page named `.html` is not sent as text (browsers would trust the name). */
const CHAT_FILE_EXTENSIONS: Record<ChatFileType, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt', '.text', '.log'],
}

/** Whether a file's name fits its declared type: an allowed ending, or none at all. */
export function nameMatchesType(name: string, type: ChatFileType): boolean {
  const extension = path.extname(name).toLowerCase()
  return extension === '' || CHAT_FILE_EXTENSIONS[type].includes(extension)
}

/** Whether the bytes really are what the declared type says (a renamed .exe is not a PNG). */
export function contentMatchesType(bytes: Buffer, type: ChatFileType): boolean {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte)
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff)
    case 'image/gif':
      return starts(0x47, 0x49, 0x46, 0x38)
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP'
    case 'application/pdf':
      return starts(0x25, 0x50, 0x44, 0x46, 0x2d)
    case 'text/plain':
      return !bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)
  }
}

type Author = EventAuthor

/** A visitor's open conversation, or a refusal: checked before an upload's body is read. */
async function visitorUploadTarget(
  request: Request,
  store: ChatStore,
): Promise<{ conversationId: number; author: Author }> {
  const visitor = visitorOf(request)
  if (visitor.setCookie) throw new ChatRequestError(403, 'Start a chat before sending files.')
  refuseWhenLimited(await visitorPostLimiter.take(visitor.visitorId), 'Too many messages at once.')
  const conversation = await store.conversationOf(visitor.visitorId)
  if (!conversation || customerStatusOf(conversation.status) === 'browsing')
    throw new ChatRequestError(403, 'Start a chat before sending files.')
  return { conversationId: conversation.id, author: { type: 'customer', name: conversation.name || 'Visitor' } }
}

/** POST /api/chat/files (multipart, field `file`; agents add `conversationId`). */
export async function uploadChatFile(request: Request, payload: Payload): Promise<Response> {
  try {
    const settings = await readChatSettings(payload)
    if (!originAllowed(request, settings.allowedDomains))
      throw new ChatRequestError(403, 'This site may not use the chat.')
    const store = new ChatStore(payload, chatHub())
    // Who sends is settled before the body is read, so an anonymous flood never costs a 5 MB read.
    const hasSession =
      /payload-token=/.test(request.headers.get('cookie') ?? '') || request.headers.has('authorization')
    const agent = hasSession ? await agentOf(request, payload).catch(() => null) : null
    const asVisitor = agent ? null : await visitorUploadTarget(request, store)

    const form = await readUploadForm(request)
    const file = form.get('file')
    if (!(file instanceof File)) throw new ChatRequestError(400, 'Choose a file to send.')
    if (file.size > CHAT_FILE_MAX_BYTES) throw new ChatRequestError(413, 'The file is too large.')
    const type = file.type as ChatFileType
    if (!CHAT_FILE_TYPES.includes(type)) throw new ChatRequestError(415, 'This kind of file cannot be sent.')
    if (!nameMatchesType(file.name, type)) throw new ChatRequestError(415, 'The file name does not fit its type.')
    const bytes = Buffer.from(await file.arrayBuffer())
    if (bytes.length === 0) throw new ChatRequestError(400, 'The file is empty.')
    if (!contentMatchesType(bytes, type)) throw new ChatRequestError(415, 'The file is not what its type says.')

    let conversationId: number
    let author: Author
    if (agent && form.get('conversationId')) {
      conversationId = positiveId(form.get('conversationId'), 'The conversation')
      if (!(await store.conversation(conversationId))) throw new ChatRequestError(404, 'No such conversation.')
      author = agentAuthor(agent)
    } else {
      // A signed-in agent using the site's own widget sends as the visitor they are there.
      ;({ conversationId, author } = asVisitor ?? (await visitorUploadTarget(request, store)))
    }
    const safeName =
      path
        .basename(file.name || 'file')
        .replace(/[^\w.-]+/g, '_')
        .slice(0, 100) || 'file'
    const stored = await payload
      .create({
        collection: 'chat-files',
        data: { conversation: conversationId },
        file: { data: bytes, mimetype: type, name: safeName, size: bytes.length },
      })
      .catch((error: unknown) => {
        // The CMS checks the file again (its type from the bytes and the name); a refusal is the file's fault.
        if (error instanceof ValidationError) throw new ChatRequestError(415, 'The file is not what its type says.')
        throw error
      })
    const event = await store.append(conversationId, { type: 'file', author, fileId: stored.id })
    return Response.json({ ok: true, event })
  } catch (error) {
    return jsonError(error)
  }
}

/** The upload's form, read with a byte cap: 413 as soon as the body goes over, 400 when it is not form data. */
async function readUploadForm(request: Request): Promise<FormData> {
  const bytes = await readLimitedBytes(request, CHAT_UPLOAD_MAX_BYTES)
  if (bytes === null) throw new ChatRequestError(413, 'The file is too large.')
  try {
    const contentType = request.headers.get('content-type') ?? ''
    return await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData()
  } catch {
    throw new ChatRequestError(400, 'The upload is not valid form data.')
  }
}

/**
 * A chat file's bytes from where uploads live: the bucket with S3_* set (read here, after the
 * access check above, never through a public or presigned address), else the chat files folder,
 * where a symbolic link is not followed (as for media, src/server/mediaFiles.ts) and a missing file is 404.
 */
async function storedChatFileBytes(file: Pick<ChatFile, 'filename' | 'prefix' | '_objectKey'>): Promise<Buffer> {
  const objects = uploadObjects()
  if (!objects) {
    const onDisk = path.join(CHAT_FILES_DIR, path.basename(file.filename ?? ''))
    return fs.readFile(onDisk, { flag: constants.O_RDONLY | constants.O_NOFOLLOW }).catch((error) => {
      if (error?.code === 'ENOENT' || error?.code === 'ELOOP') throw new ChatRequestError(404, 'No such file.')
      throw error
    })
  }
  try {
    const bytes = await objects.readBytes(objects.keyOf(CHAT_FILES_FOLDER, file))
    if (!bytes) throw new ChatRequestError(404, 'No such file.')
    return bytes
  } catch (error) {
    if (!(error instanceof UploadStoreUnavailable)) throw error
    console.error(`Chat file ${file.filename} could not be read from the upload store:`, error.cause ?? error)
    throw new ChatRequestError(
      503,
      'The file cannot be read just now; try again shortly.',
      UPLOAD_STORE_RETRY_AFTER_SECONDS,
    )
  }
}

/** GET /api/chat/files/:id: to staff, or to the visitor whose conversation holds the file. */
export async function downloadChatFile(request: Request, payload: Payload, idParam: string): Promise<Response> {
  try {
    const id = positiveId(idParam, 'The file')
    const file = await payload.findByID({ collection: 'chat-files', id, depth: 0, disableErrors: true })
    if (!file) throw new ChatRequestError(404, 'No such file.')
    const conversationId = typeof file.conversation === 'object' ? file.conversation.id : file.conversation
    const { user } = await payload.auth({ headers: request.headers })
    if (!isChatStaffUser(user)) {
      const visitor = visitorOf(request)
      const conversation = visitor.setCookie
        ? null
        : await new ChatStore(payload, chatHub()).conversationOf(visitor.visitorId)
      if (!conversation || conversation.id !== conversationId) throw new ChatRequestError(404, 'No such file.')
    }
    return chatFileAnswer(request, file, await storedChatFileBytes(file))
  } catch (error) {
    return jsonError(error)
  }
}

/**
 * A chat file's answer, whole or the one byte range asked (a PDF viewer reads a long file in parts):
 * `Accept-Ranges: bytes`, 206 with Content-Range, 416 past the end, and the whole file for anything
 * else, as for media (src/platform/byteRange.ts). A stored chat file never changes, so its ETag
 * (its id and size) and its upload time are what an If-Range may name.
 */
function chatFileAnswer(
  request: Request,
  file: Pick<ChatFile, 'id' | 'filename' | 'mimeType' | 'createdAt'>,
  bytes: Buffer,
): Response {
  const inline = file.mimeType?.startsWith('image/')
  const entityTag = `"chat-file-${file.id}-${bytes.length.toString(16)}"`
  const uploadedMs = Date.parse(file.createdAt)
  const headers: Record<string, string> = {
    'Content-Type': file.mimeType ?? 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Accept-Ranges': 'bytes',
    ETag: entityTag,
    'Last-Modified': new Date(uploadedMs).toUTCString(),
  }
  const asked = askedRange(
    { range: request.headers.get('range') ?? undefined, ifRange: request.headers.get('if-range') ?? undefined },
    { entityTag, modifiedMs: uploadedMs, size: bytes.length },
  )
  if ('unsatisfiable' in asked)
    return new Response('Range not satisfiable: the file is shorter.', {
      status: 416,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Range': contentRange(bytes.length) },
    })
  if ('whole' in asked) return new Response(new Uint8Array(bytes), { headers })
  const { start, end } = asked.part
  return new Response(new Uint8Array(bytes.subarray(start, end + 1)), {
    status: 206,
    headers: { ...headers, 'Content-Range': contentRange(bytes.length, asked.part) },
  })
}
