import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const CHILD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rverChild.mjs')

/** Longest wait for the S3 server to listen, or to go away. */
const S3_SERVER_WAIT_MS = 15_000

/** The credentials s3rver accepts (its documented defaults). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export type TempS3 = {
  endpoint: string
  bucket: string
  port: number
  /** The site's S3_* settings for this server. */
  env: Record<string, string>
  /** Kills the server as a crash would (SIGKILL) and waits until it is gone; its objects stay on disk. */
  kill: () => Promise<void>
  /** Starts it again on the same port with the same objects. */
  restart: () => Promise<void>
  /** Stops it and deletes its objects. */
  stop: () => Promise<void>
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

function ended(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}

/** An S3-compatible server (s3rver, in its own process) on a loopback `port`, holding one empty bucket. */
export async function startTempS3({
  port,
  bucket = 'site-uploads',
}: {
  port: number
  bucket?: string
}): Promise<TempS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'site-s3-'))
  let child: ChildProcess

  async function launch() {
    if (await portOpen(port)) throw new Error(`port ${port} is taken: the S3 server cannot start there`)
    child = spawn(process.execPath, [CHILD_SCRIPT, String(port), directory, bucket], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const giveUpAt = Date.now() + S3_SERVER_WAIT_MS
    while (!output.includes('listening')) {
      if (child.exitCode !== null) throw new Error(`the S3 server ended at start: ${output}`)
      if (Date.now() > giveUpAt) {
        child.kill('SIGKILL')
        throw new Error(`the S3 server did not listen on ${port} within ${S3_SERVER_WAIT_MS} ms: ${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async function kill() {
    child.kill('SIGKILL')
    await Promise.race([
      ended(child),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the S3 server outlived SIGKILL')), S3_SERVER_WAIT_MS),
      ),
    ])
  }

  await launch()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    port,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    kill,
    restart: launch,
    stop: async () => {
      await kill()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
