// The off-site copies of the backups: an S3-compatible bucket named by BACKUP_S3_BUCKET (and the
// BACKUP_S3_* settings beside it, shaped as the uploads' S3_* ones), which each new archive is
// copied into once it is verified, which retention thins as it does the backup folder, which the
// doctor asks for the newest archive's copy, and which a restore downloads from (`s3://bucket/key`).
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { BackupError } from './backupArchives.mjs'

/** @typedef {{ bucket: string, prefix: string, client: S3Client, where: string }} OffsiteStore */
/** @typedef {import('@aws-sdk/client-s3').ServiceInputTypes} S3Input */
/** @typedef {import('@aws-sdk/client-s3').ServiceOutputTypes} S3Output */
/**
 * What a failed request's error may carry: the store's answer, or the network's code.
 * @typedef {{ $metadata?: { httpStatusCode?: number }, message?: string, code?: string, name?: string }} StoreFailure
 */

/** The environment variable behind each setting (each listed in .env.example). */
const OFFSITE_VARIABLES = {
  bucket: { env: 'BACKUP_S3_BUCKET' },
  prefix: { env: 'BACKUP_S3_PREFIX' },
  region: { env: 'BACKUP_S3_REGION' },
  endpoint: { env: 'BACKUP_S3_ENDPOINT' },
  accessKeyId: { env: 'BACKUP_S3_ACCESS_KEY_ID' },
  secretAccessKey: { env: 'BACKUP_S3_SECRET_ACCESS_KEY' },
  forcePathStyle: { env: 'BACKUP_S3_FORCE_PATH_STYLE' },
}
/** The region Amazon's SDK needs even when an S3-compatible store ignores it. */
const DEFAULT_REGION = 'us-east-1'
/** A store that does not accept a connection within this is taken as down. */
const CONNECT_TIMEOUT_MS = 5_000
/** A request silent this long (no byte either way) is given up; an archive being sent is never silent. */
const SILENT_REQUEST_TIMEOUT_MS = 60_000
/** Tries of each request: a dropped connection is tried again, a store that is down fails within minutes. */
const MAX_ATTEMPTS = 3
const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on'])
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off'])
const NOT_FOUND = 404
/** Objects a listing answers per page (S3's own most). */
const LIST_PAGE = 1000

/**
 * The off-site store the environment names, or null without BACKUP_S3_BUCKET; `bucket` (from an
 * `s3://` address) stands in for the setting. `where` names it for people: `s3://bucket/prefix`.
 * @param {Record<string, string | undefined>} [env]
 * @param {{ bucket?: string }} [options]
 * @returns {OffsiteStore | null}
 */
export function offsiteStoreFrom(env = process.env, { bucket: givenBucket } = {}) {
  /** @param {keyof typeof OFFSITE_VARIABLES} setting */
  const read = (setting) => env[OFFSITE_VARIABLES[setting].env]?.trim() || undefined
  const bucket = givenBucket ?? read('bucket')
  if (!bucket) return null
  const accessKeyId = read('accessKeyId')
  const secretAccessKey = read('secretAccessKey')
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new BackupError('BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY go together: set both or neither')
  const endpoint = read('endpoint')
  const pathStyle = read('forcePathStyle')?.toLowerCase()
  if (pathStyle && !TRUE_WORDS.has(pathStyle) && !FALSE_WORDS.has(pathStyle))
    throw new BackupError(`BACKUP_S3_FORCE_PATH_STYLE must be true or false, not "${pathStyle}"`)
  const prefix = (read('prefix') ?? '').replace(/^\/+|\/+$/g, '')
  const client = new S3Client({
    region: read('region') ?? DEFAULT_REGION,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A store at its own address is nearly always self-hosted, which rarely has per-bucket host names.
    forcePathStyle: pathStyle ? TRUE_WORDS.has(pathStyle) : Boolean(endpoint),
    maxAttempts: MAX_ATTEMPTS,
    // The SDK's default CRC trailers are refused by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SILENT_REQUEST_TIMEOUT_MS },
  })
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    client,
    where: `s3://${bucket}/${prefix ? `${prefix}/` : ''}`,
  }
}

/**
 * An `s3://bucket/key` address as `{ bucket, key }`, or null for anything else (a path).
 * @param {string} address
 * @returns {{ bucket: string, key: string } | null}
 */
export function parseS3Address(address) {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(address)
  return match && { bucket: match[1], key: match[2] }
}

/**
 * The store's error in one line: its code and message, or the network's.
 * @param {unknown} error
 * @returns {string}
 */
function reasonOf(error) {
  const failure = /** @type {StoreFailure | undefined} */ (error)
  const status = failure?.$metadata?.httpStatusCode
  const message = failure?.message || failure?.code || String(error)
  return `${failure?.name && failure.name !== 'Error' ? `${failure.name}: ` : ''}${message}${status ? ` (HTTP ${status})` : ''}`
}

/**
 * A request to the store, its failure a BackupError naming `what`.
 * @template {S3Input} Input
 * @template {S3Output} Output
 * @param {OffsiteStore} store
 * @param {import('@smithy/types').Command<S3Input, Input, S3Output, Output, import('@aws-sdk/client-s3').S3ClientResolvedConfig>} command
 * @param {string} what
 * @returns {Promise<Output>}
 */
async function send(store, command, what) {
  try {
    return await store.client.send(command)
  } catch (error) {
    throw new BackupError(`${what} in ${store.where} failed: ${reasonOf(error)}`)
  }
}

/**
 * Copies the archive at `file` into the store under its own name, then checks the store holds all its bytes.
 * @param {OffsiteStore} store
 * @param {string} file
 * @returns {Promise<string>} the copy's address
 */
export async function uploadArchive(store, file) {
  const name = path.basename(file)
  const size = fs.statSync(file).size
  const Key = `${store.prefix}${name}`
  await send(
    store,
    new PutObjectCommand({ Bucket: store.bucket, Key, Body: fs.createReadStream(file), ContentLength: size }),
    `copying ${name}`,
  )
  const held = await send(store, new HeadObjectCommand({ Bucket: store.bucket, Key }), `checking ${name}`)
  if (held.ContentLength !== size)
    throw new BackupError(`${store.where}${name} holds ${held.ContentLength} bytes of the ${size} sent`)
  return `${store.where}${name}`
}

/**
 * Whether the store holds a copy of the archive `name`.
 * @param {OffsiteStore} store
 * @param {string} name
 * @returns {Promise<boolean>}
 */
export async function holdsArchive(store, name) {
  try {
    await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: `${store.prefix}${name}` }))
    return true
  } catch (error) {
    if (/** @type {StoreFailure | undefined} */ (error)?.$metadata?.httpStatusCode === NOT_FOUND) return false
    throw new BackupError(`asking ${store.where} for ${name} failed: ${reasonOf(error)}`)
  }
}

/**
 * The names of the files directly in the store's folder.
 * @param {OffsiteStore} store
 * @returns {Promise<string[]>}
 */
export async function archivesIn(store) {
  const names = []
  /** @type {string | undefined} */
  let ContinuationToken
  do {
    const page = await send(
      store,
      new ListObjectsV2Command({ Bucket: store.bucket, Prefix: store.prefix, ContinuationToken, MaxKeys: LIST_PAGE }),
      'listing the archives',
    )
    for (const { Key } of page.Contents ?? []) {
      const name = (Key ?? '').slice(store.prefix.length)
      if (name && !name.includes('/')) names.push(name)
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return names
}

/**
 * Deletes the archives `names` from the store.
 * @param {OffsiteStore} store
 * @param {string[]} names
 */
export async function deleteArchives(store, names) {
  for (const name of names)
    await send(
      store,
      new DeleteObjectCommand({ Bucket: store.bucket, Key: `${store.prefix}${name}` }),
      `deleting ${name}`,
    )
}

/**
 * Downloads the object `key` into the stream `openOutput` opens once the store answers with it.
 * @param {OffsiteStore} store
 * @param {string} key
 * @param {() => import('node:stream').Writable} openOutput
 */
export async function downloadArchive(store, key, openOutput) {
  const object = await send(store, new GetObjectCommand({ Bucket: store.bucket, Key: key }), `reading ${key}`)
  try {
    // In Node the SDK answers with a stream of the object's bytes.
    await pipeline(/** @type {NodeJS.ReadableStream} */ (object.Body), openOutput())
  } catch (error) {
    throw new BackupError(`reading ${key} from ${store.where} failed partway: ${reasonOf(error)}`)
  }
}

/**
 * What the doctor asks (src/operations/doctor/backups.ts): where the copies are, and whether one is there.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ where: string, holds: (name: string) => Promise<boolean> } | null}
 */
export function offsiteCopiesFrom(env = process.env) {
  const store = offsiteStoreFrom(env)
  return store && { where: store.where, holds: (name) => holdsArchive(store, name) }
}
