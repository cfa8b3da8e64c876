import type { S3Client } from '@aws-sdk/client-s3'
import type { Writable } from 'node:stream'

export type OffsiteStore = { bucket: string; prefix: string; client: S3Client; where: string }
export declare function offsiteStoreFrom(
  env?: Record<string, string | undefined>,
  options?: { bucket?: string },
): OffsiteStore | null
export declare function parseS3Address(address: string): { bucket: string; key: string } | null
export declare function uploadArchive(store: OffsiteStore, file: string): Promise<string>
export declare function holdsArchive(store: OffsiteStore, name: string): Promise<boolean>
export declare function archivesIn(store: OffsiteStore): Promise<string[]>
export declare function deleteArchives(store: OffsiteStore, names: string[]): Promise<void>
export declare function downloadArchive(store: OffsiteStore, key: string, openOutput: () => Writable): Promise<void>
export declare function offsiteCopiesFrom(
  env?: Record<string, string | undefined>,
): { where: string; holds: (name: string) => Promise<boolean> } | null
