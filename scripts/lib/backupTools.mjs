// Running the tools a backup and a restore call (tar, pg_dump, pg_restore) without blocking, and
// stopping them: the tools and half-made files under way are known here, for `abandonBackups`.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { BackupError } from './backupArchives.mjs'

/** @typedef {{ command: string, args: string[], env?: NodeJS.ProcessEnv }} ToolCall */

/**
 * The newest installed PostgreSQL's `program` (Debian's postgresql-client).
 * @param {string} program
 */
export function postgresBin(program) {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  if (!versions.length) throw new BackupError(`${program} is missing: install Debian's postgresql-client`)
  return path.join(root, versions[0], 'bin', program)
}

/**
 * The tools running and the half-made files of backups under way, for `abandonBackups` when the process is stopped.
 * @type {{ tools: Set<import('node:child_process').ChildProcess>, paths: Set<string> }}
 */
export const underWay = { tools: new Set(), paths: new Set() }

/**
 * How to run a PostgreSQL tool on `databaseUrl`: `-d` the address without its password, which goes
 * in the tool's environment (PGPASSWORD), since any local user can read a command line in /proc.
 * @param {string} program
 * @param {string[]} args
 * @param {string} databaseUrl
 * @returns {ToolCall & { env: NodeJS.ProcessEnv }}
 */
export function postgresToolCall(program, args, databaseUrl) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env
  return { command: postgresBin(program), args: ['-d', url.toString(), ...args], env }
}

/**
 * Runs a tool without blocking, so that a signal to stop is heard while it runs; resolves with its output.
 * @param {ToolCall} call
 * @param {string} what what failed, said first in its error
 * @returns {Promise<string>} its standard output
 */
export function runTool({ command, args, env = process.env }, what) {
  return new Promise((resolve, reject) => {
    const tool = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    underWay.tools.add(tool)
    let stdout = ''
    let stderr = ''
    tool.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk))
    tool.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk))
    tool.once('error', (error) => {
      underWay.tools.delete(tool)
      reject(new BackupError(`${what}: ${error.message}`))
    })
    tool.once('close', (status, signal) => {
      underWay.tools.delete(tool)
      if (status === 0) resolve(stdout)
      else reject(new BackupError(`${what}: ${(stderr || stdout).trim() || `exit ${status ?? signal}`}`))
    })
  })
}

/**
 * Stops the tools of the backups under way and removes their staging folders and partial
 * archives, synchronously: for a process told to stop (SIGTERM from the stack's stop), which exits next.
 */
export function abandonBackups() {
  for (const tool of underWay.tools) tool.kill('SIGTERM')
  for (const file of underWay.paths) fs.rmSync(file, { recursive: true, force: true })
}
