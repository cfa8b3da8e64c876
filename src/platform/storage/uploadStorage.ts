import type { Readable } from 'node:stream'
import { GetObjectCommand, HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { s3Storage } from '@payloadcms/storage-s3'
import type { Config, Plugin, UploadCollectionSlug } from 'payload'
import { s3ClientConfig, type S3Settings, s3SettingsFrom } from './s3Settings'

/** Longest wait for a stored object's first bytes; past it the store counts as down for this request. */
export const UPLOAD_READ_DEADLINE_MS = 2000

/**
 * Payload's S3 adapter over the upload collections, each in the folder of the bucket named as its
 * folder under DATA_DIR (`media/`, `chat-files/`), so a site moves to S3 by copying them. Its
 * fields (`prefix`, `_objectKey`) are in the schema whether S3 is set or not, so one set of
 * migrations serves both; without settings the plugin is off and uploads stay on the local disk.
 * Files keep being served through Payload's own routes, behind each collection's access rules
 * (nothing is public in the bucket, nothing is presigned).
 */
export function uploadStoragePlugin(
  settings: S3Settings | null,
  folders: Partial<Record<UploadCollectionSlug, string>>,
): Plugin {
  const storage = s3Storage({
    enabled: settings !== null,
    alwaysInsertFields: true,
    bucket: settings?.bucket ?? '',
    config: settings ? s3ClientConfig(settings) : {},
    collections: Object.fromEntries(Object.entries(folders).map(([slug, folder]) => [slug, { prefix: folder }])),
  })
  return async (config) => keepStorageFieldsOutOfLists(await storage(config), Object.keys(folders))
}

/** The adapter's own bookkeeping: where a file sits in the bucket, nothing an editor reads or sorts by. */
export const STORAGE_INTERNAL_FIELDS = ['prefix', '_objectKey'] as const

/**
 * The adapter hides its fields from the edit form, but the list still offered them as columns and
 * filters ("Prefix", "_object Key"); they are kept out of both.
 */
function keepStorageFieldsOutOfLists(config: Config, slugs: string[]): Config {
  return {
    ...config,
    collections: (config.collections ?? []).map((collection) =>
      slugs.includes(collection.slug)
        ? {
            ...collection,
            fields: collection.fields.map((field) =>
              'name' in field && (STORAGE_INTERNAL_FIELDS as readonly string[]).includes(field.name)
                ? {
                    ...field,
                    admin: { ...field.admin, hidden: true, disableListColumn: true, disableListFilter: true },
                  }
                : field,
            ),
          }
        : collection,
    ),
  } as Config
}

/** How soon a visitor may ask again for a file while the store is down. */
export const UPLOAD_STORE_RETRY_AFTER_SECONDS = 5

/** The store did not answer in time or failed: the file exists elsewhere, so this is not a 404. */
export class UploadStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('The upload store does not answer.', { cause })
    this.name = 'UploadStoreUnavailable'
  }
}

/** An object read from the bucket: its bytes still to come, and its validators. */
export type StoredObject = { body: Readable; size: number; entityTag: string | null; modifiedMs: number }

/** What an upload's document says about where its file is (the S3 adapter's fields). */
export type StoredUpload = { filename?: string | null; prefix?: string | null; _objectKey?: string | null }

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)

/** Reads uploads back from the bucket, for the site's own file routes. */
export class UploadObjects {
  private readonly client: S3Client

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings))
  }

  /** The key of a file in a collection's folder, where the adapter put it (`<prefix>/<_objectKey>/<filename>`). */
  keyOf(folder: string, upload: StoredUpload): string {
    return [upload.prefix || folder, upload._objectKey, upload.filename].filter(Boolean).join('/')
  }

  /**
   * The object at `key`, or null when there is none; UploadStoreUnavailable when the store fails or
   * is too slow. With a `range` (bytes `start` to `end`, both included) only those bytes are read,
   * and `size` is theirs; with `ifMatch` the read fails unless the object still has that ETag.
   */
  async read(
    key: string,
    { range, ifMatch }: { range?: { start: number; end: number }; ifMatch?: string | null } = {},
  ): Promise<StoredObject | null> {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), UPLOAD_READ_DEADLINE_MS)
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: range && `bytes=${range.start}-${range.end}`,
          IfMatch: ifMatch ?? undefined,
        }),
        { abortSignal: deadline.signal },
      )
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        entityTag: object.ETag ?? null,
        modifiedMs: object.LastModified?.getTime() ?? 0,
      }
    } catch (error) {
      if (isMissing(error)) return null
      throw new UploadStoreUnavailable(error)
    } finally {
      clearTimeout(timer)
    }
  }

  /** Resolves when the bucket answers within `deadlineMs` (readiness); rejects when the store is down, slow or refuses us. */
  async answers(deadlineMs: number): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
      abortSignal: AbortSignal.timeout(deadlineMs),
    })
  }

  /** The whole object at `key` in memory (small files only), or null when there is none. */
  async readBytes(key: string): Promise<Buffer | null> {
    const object = await this.read(key)
    if (!object) return null
    const chunks: Buffer[] = []
    try {
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array))
    } catch (error) {
      throw new UploadStoreUnavailable(error)
    }
    return Buffer.concat(chunks)
  }
}

let shared: { settings: S3Settings; objects: UploadObjects } | undefined

/** The bucket the settings name, one client per process; null when uploads are on the local disk. */
export function uploadObjects(env: Record<string, string | undefined> = process.env): UploadObjects | null {
  const settings = s3SettingsFrom(env)
  if (!settings) return null
  if (!shared || JSON.stringify(shared.settings) !== JSON.stringify(settings))
    shared = { settings, objects: new UploadObjects(settings) }
  return shared.objects
}
