import { spawn } from 'node:child_process'
import net from 'node:net'

/** A throwaway Redis on loopback, without persistence. */
export async function startTempRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo
      server.close(() => resolve(free))
    })
    server.on('error', reject)
  })
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
    if (up) return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error('redis-server did not start (npm test installs Debian’s redis-server)')
}
