// A child process running s3rver (an S3-compatible server speaking the real protocol) on loopback,
// so a test can kill it as a crash would. Arguments: port, data folder, bucket.
import S3rver from 's3rver'

const [port, directory, bucket] = process.argv.slice(2)
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
})
await server.run()
console.log(`s3rver listening on 127.0.0.1:${port}`)
process.on('SIGTERM', () => server.close().then(() => process.exit(0)))
