import type { S3ClientConfig } from '@aws-sdk/client-s3'

/**
 * Where uploads live when the site runs on several servers: an S3-compatible bucket named by the
 * `S3_*` settings. Without `S3_BUCKET`, uploads stay on the local disk under DATA_DIR.
 */
export type S3Settings = {
  bucket: string
  region: string
  /** An S3-compatible store's address (MinIO, Ceph, a cloud's S3 API); empty for Amazon S3 itself. */
  endpoint?: string
  /** Empty: the SDK's own chain (instance role, AWS_* variables, shared files). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`, which most self-hosted stores need. */
  forcePathStyle: boolean
}

/** The region Amazon's SDK needs even when an S3-compatible store ignores it. */
export const DEFAULT_S3_REGION = 'us-east-1'

/** A store that does not accept a connection within this is taken as down. */
export const S3_CONNECT_TIMEOUT_MS = 1000
/** A connection that stays silent this long is given up (the SDK's socket timeout). */
export const S3_SOCKET_TIMEOUT_MS = 5000
/** One retry of a failed request; more would keep a visitor waiting on a store that is down. */
export const S3_MAX_ATTEMPTS = 2

/** The environment variable behind each setting (each listed in .env.example). */
const S3_VARIABLES = {
  bucket: { env: 'S3_BUCKET' },
  region: { env: 'S3_REGION' },
  endpoint: { env: 'S3_ENDPOINT' },
  accessKeyId: { env: 'S3_ACCESS_KEY_ID' },
  secretAccessKey: { env: 'S3_SECRET_ACCESS_KEY' },
  forcePathStyle: { env: 'S3_FORCE_PATH_STYLE' },
} as const

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on'])
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off'])

function flag(value: string | undefined, fallback: boolean): boolean {
  const word = value?.toLowerCase()
  if (!word) return fallback
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not "${value}".`)
}

/** The S3 settings in `env`, or null when `S3_BUCKET` is unset (uploads on the local disk). */
export function s3SettingsFrom(env: Record<string, string | undefined> = process.env): S3Settings | null {
  const read = (setting: keyof typeof S3_VARIABLES) => env[S3_VARIABLES[setting].env]?.trim() || undefined
  const bucket = read('bucket')
  if (!bucket) return null
  const endpoint = read('endpoint')
  const accessKeyId = read('accessKeyId')
  const secretAccessKey = read('secretAccessKey')
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither.')
  return {
    bucket,
    region: read('region') ?? DEFAULT_S3_REGION,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A store at its own address is nearly always self-hosted, which rarely has per-bucket host names.
    forcePathStyle: flag(read('forcePathStyle'), Boolean(endpoint)),
  }
}

/**
 * The SDK client's settings: bounded connects and retries, so a request for a file fails within
 * seconds while the store is down; checksums only where S3 requires them, since the SDK's default
 * CRC trailers are refused by several S3-compatible stores.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: S3_MAX_ATTEMPTS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_SOCKET_TIMEOUT_MS },
  }
}
