import { spawn } from 'node:child_process'
import net from 'node:net'

export type TempRedis = {
  url: string
  port: number
  stop: () => void
  /** Kills the server as a crash would (SIGKILL) and waits until its port is closed. */
  kill: () => Promise<void>
}

/** A throwaway Redis on loopback, without persistence; on `port` when given (to bring one back where it was). */
export async function startTempRedis({ port: wanted }: { port?: number } = {}): Promise<TempRedis> {
  const port =
    wanted ??
    (await new Promise<number>((resolve, reject) => {
      const server = net.createServer()
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo
        server.close(() => resolve(free))
      })
      server.on('error', reject)
    }))
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
        stop: () => child.kill('SIGTERM'),
        kill: async () => {
          child.kill('SIGKILL')
          await exited
        },
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error('redis-server did not start (npm test installs Debian’s redis-server)')
}
