import { spawn } from 'node:child_process'
import net from 'node:net'
import { freePort } from './ports'

export type TempRedis = {
  url: string
  port: number
  stop: () => void
  /** Kills the server as a crash would (SIGKILL) and waits until its port is closed. */
  kill: () => Promise<void>
  /** Stops the server's process (SIGSTOP): its connections stay open and nothing is answered, as in a hang. */
  pause: () => void
  /** Lets a paused server run again (SIGCONT). */
  resume: () => void
}

/** A throwaway Redis on loopback, without persistence; on `port` when given (to bring one back where it was). */
export async function startTempRedis({ port: wanted }: { port?: number } = {}): Promise<TempRedis> {
  const port = wanted ?? (await freePort())
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: 'ignore' },
  )
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (up) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        // A paused server is let run again, so that it can end.
        stop: () => {
          child.kill('SIGTERM')
          child.kill('SIGCONT')
        },
        kill: async () => {
          child.kill('SIGKILL')
          await exited
        },
        pause: () => child.kill('SIGSTOP'),
        resume: () => child.kill('SIGCONT'),
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error('redis-server did not start (npm test installs Debian’s redis-server)')
}

/** A TCP server on loopback that accepts every connection and never answers: a Redis that hangs from the start. */
export async function startSilentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const held = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    held.add(socket)
    socket.on('close', () => held.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      held.forEach((socket) => socket.destroy())
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
