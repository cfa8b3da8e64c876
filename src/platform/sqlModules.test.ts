import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { RAW_SQL_MODULES } from './sql'

const srcRoot = path.resolve(__dirname, '..')
/** Migrations are SQL by nature; sql.ts is where statements run. */
const EXEMPT = [/^migrations\//, /^platform\/sql\.ts$/]

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every module under src/ that writes a statement with the `sql` tag. */
function modulesWritingSql(): string[] {
  return sourceFiles(srcRoot)
    .map((file) => path.relative(srcRoot, file).split(path.sep).join('/'))
    .filter((relative) => !EXEMPT.some((pattern) => pattern.test(relative)))
    .filter((relative) => /\bsql`/.test(fs.readFileSync(path.join(srcRoot, relative), 'utf8')))
    .sort()
}

describe('raw SQL', () => {
  it('is written only in the modules sql.ts lists, each with its reason', () => {
    expect(modulesWritingSql()).toEqual(Object.keys(RAW_SQL_MODULES).sort())
    for (const reason of Object.values(RAW_SQL_MODULES)) expect(reason.length).toBeGreaterThan(20)
  })
})
