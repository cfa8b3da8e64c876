import net from 'node:net'

/**
 * A loopback TCP proxy in front of the site whose connections the test can cut, as a
 * network drop or a server restart would: `drop()` closes every connection and stops
 * listening; `restore()` listens again.
 */
export async function startDropProxy(port: number, targetPort: number) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | null = null
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect({ host: '127.0.0.1', port: targetPort })
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', resolve)
    })
  await listen()
  return {
    origin: `http://127.0.0.1:${port}`,
    async drop() {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      sockets.forEach((socket) => socket.destroy())
      await closing
      server = null
    },
    restore: listen,
    stop() {
      sockets.forEach((socket) => socket.destroy())
      server?.close()
    },
  }
}
