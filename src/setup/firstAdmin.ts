import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Payload } from 'payload'
import { FIRST_ADMIN_FILE_NAME } from '@/platform/dataFolder.mjs'
import { DATA_DIR } from '@/platform/paths'

export const FIRST_ADMIN_EMAIL_DEFAULT = 'admin@example.com'

/** Where the first admin's email and password are kept when no terminal is there to show them. */
export const FIRST_ADMIN_FILE = path.join(DATA_DIR, FIRST_ADMIN_FILE_NAME)
/** Read and written by the file's owner alone. */
export const OWNER_ONLY_MODE = 0o600

/**
 * Set by scripts/lib/bootstrap.mjs when its standard output is a terminal: the set-up script's own
 * output is a pipe to it, so the script cannot tell by itself.
 */
export const TO_TERMINAL_VARIABLE = 'FIRST_ADMIN_TO_TERMINAL'

export type FirstAdmin = { email: string; password: string }

/**
 * Creates the first admin with a random password when there is no user yet, and returns the
 * credentials so that the caller can hand them over once. Payload's first-user screen is never
 * left open on a running site.
 */
export async function ensureFirstAdmin(
  payload: Payload,
  email = process.env.ADMIN_EMAIL || FIRST_ADMIN_EMAIL_DEFAULT,
): Promise<FirstAdmin | null> {
  const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
  if (totalDocs > 0) return null
  const password = randomBytes(18).toString('base64url')
  await payload.create({
    collection: 'users',
    // No name: a role as a name ("Site administrator") would be what chat visitors read.
    data: { email, password, roles: ['admin'] },
    overrideAccess: true,
  })
  return { email, password }
}

/** Writes a file only its owner may read: an existing file is removed first, so the text is never readable by others, not even for a moment. */
export function writeOwnerOnly(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.rmSync(file, { force: true })
  fs.writeFileSync(file, text, { mode: OWNER_ONLY_MODE, flag: 'wx' })
}

/**
 * Hands the first admin's credentials over once. On a terminal they are shown; otherwise output
 * usually lands in a log others on the host can read, so they go to a file only the owner reads
 * and the lines name that file. Returns the lines to print.
 */
export function handOverFirstAdmin(
  admin: FirstAdmin,
  { toTerminal, file = FIRST_ADMIN_FILE }: { toTerminal: boolean; file?: string },
): string[] {
  if (toTerminal)
    return [
      'First admin created. This password is shown only once; change it after signing in.',
      `  email:    ${admin.email}`,
      `  password: ${admin.password}`,
    ]
  writeOwnerOnly(file, `email:    ${admin.email}\npassword: ${admin.password}\n`)
  return [
    `First admin created. Its email and password are in ${file} (readable by its owner only);`,
    'delete the file once you have signed in and changed the password.',
  ]
}
