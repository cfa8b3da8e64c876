import type { Writable } from 'node:stream'

export declare const STANDARD_INPUT: string
export declare function recipientFrom(env?: Record<string, string | undefined>): string | null
export declare function encryptInto(from: string, openOutput: () => Writable, recipient: string): Promise<number>
export declare function isEncrypted(file: string): boolean
export type Identities = { where: string; keys: string[] }
export declare function identitiesFrom(source: string): Identities
export declare function decryptInto(
  from: string,
  openOutput: () => Writable,
  identities: Identities,
  shown: string,
): Promise<void>
