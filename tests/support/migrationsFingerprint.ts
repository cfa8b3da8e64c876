import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const MIGRATIONS_ROOT = path.resolve(__dirname, '../../src/migrations')

/** A name for a dialect's committed migrations as they are now: a template made from other ones is never used. */
function fingerprintOf(dialect: 'sqlite' | 'postgres'): string {
  const dir = path.join(MIGRATIONS_ROOT, dialect)
  const hash = createHash('sha256')
  for (const file of fs.readdirSync(dir).sort()) hash.update(file).update(fs.readFileSync(path.join(dir, file)))
  return hash.digest('hex').slice(0, 16)
}

export const sqliteMigrationsFingerprint = () => fingerprintOf('sqlite')
export const postgresMigrationsFingerprint = () => fingerprintOf('postgres')
