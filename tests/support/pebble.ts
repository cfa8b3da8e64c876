// Let's Encrypt's test CA, Debian's pebble, on loopback: its ACME directory over https with a
// certificate made here, validating HTTP-01 challenges on `httpPort`, every name resolved to
// 127.0.0.1 by pebble-challtestsrv's DNS (from the same package). npm test installs the package.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { portAnswers, waitUntil } from '../../deploy/lib/processes.mjs'
import { makeCertificate } from './front'
import { freePort } from './ports'

/** Longest wait for pebble or its DNS to listen, or to end. */
const PEBBLE_WAIT_MS = 10_000

function startProcess(command: string, args: string[], env: Record<string, string>, log: string) {
  const out = fs.openSync(log, 'a')
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] })
  fs.closeSync(out)
  return child
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, PEBBLE_WAIT_MS))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/** A GET over https to one of pebble's own addresses, trusting the certificate it was given. */
const getText = (url: string, ca: Buffer) =>
  new Promise<string>((resolve, reject) => {
    const request = https.get(url, { ca, timeout: PEBBLE_WAIT_MS }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () =>
        response.statusCode === 200 ? resolve(body) : reject(new Error(`${url} answered ${response.statusCode}`)),
      )
    })
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url}`)))
    request.on('error', reject)
  })

/** pebble validating HTTP-01 on 127.0.0.1:`httpPort`; `stop` ends it and its DNS and removes their folder. */
export async function startPebble({ httpPort }: { httpPort: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pebble-'))
  const [acmePort, managementPort, tlsPort, dnsPort, dnsManagementPort] = await Promise.all(
    Array.from({ length: 5 }, freePort),
  )
  const { cert, key } = makeCertificate(dir, '127.0.0.1', 'IP:127.0.0.1')
  const config = path.join(dir, 'pebble.json')
  fs.writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: cert,
        privateKey: key,
        httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  )
  const log = path.join(dir, 'pebble.log')
  // Every name is 127.0.0.1 (no AAAA answer: the front listens on IPv4 loopback only); only its DNS runs.
  const dns = startProcess(
    'pebble-challtestsrv',
    [
      ...['-dns01', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${dnsManagementPort}`],
      ...['-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '127.0.0.1', '-defaultIPv6', ''],
    ],
    {},
    log,
  )
  // PEBBLE_VA_NOSLEEP: validates at once instead of after a random pause of up to 15 s.
  const pebble = startProcess(
    'pebble',
    ['-config', config, '-dnsserver', `127.0.0.1:${dnsPort}`],
    { PEBBLE_VA_NOSLEEP: '1' },
    log,
  )
  const stop = async () => {
    await Promise.all([stopProcess(pebble), stopProcess(dns)])
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitUntil(
      async () => (await portAnswers(acmePort)) && (await portAnswers(dnsManagementPort)),
      PEBBLE_WAIT_MS,
      `pebble listening (npm test installs Debian's pebble; its log: ${log})`,
    )
  } catch (error) {
    await stop()
    throw error
  }
  const ca = fs.readFileSync(cert)
  return {
    directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
    /** The certificate of pebble's own https (ACME_CA_FILE). */
    caFile: cert,
    /** The root pebble issues under (made anew at each start), as PEM. */
    root: () => getText(`https://127.0.0.1:${managementPort}/roots/0`, ca),
    stop,
  }
}
