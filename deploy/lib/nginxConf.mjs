// The front's nginx.conf, from deploy/nginx.conf.template: one template for the local stack
// (deploy/lib/services.mjs) and for a server (deploy/server/install.mjs), each filling in its own
// ports, folders and certificate.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderTemplate } from './template.mjs'

export const NGINX_TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'nginx.conf.template')

/**
 * The configuration text. `prefixDir` is nginx's -p folder (its cache, temp files, logs and pid);
 * the instances on the `down` ports get no new request (a deploy is replacing them).
 */
export function nginxConfText({
  asRoot,
  listenAddress,
  port,
  httpsPort,
  tlsCert,
  tlsKey,
  acmeDir,
  staticDir,
  prefixDir,
  mediaDir,
  appPorts,
  down = [],
}) {
  const upstreams = appPorts.map(
    (app) => `        server 127.0.0.1:${app} max_fails=1 fail_timeout=5s${down.includes(app) ? ' down' : ''};`,
  )
  return renderTemplate(NGINX_TEMPLATE, {
    // Run as root, nginx's workers run as Debian's web server user.
    USER: asRoot ? 'user www-data;' : '# Not started as root: the workers run as this user.',
    // '127.0.0.1:' for the local stack; '' (every address) on a server.
    LISTEN_ADDRESS: listenAddress,
    PORT: String(port),
    HTTPS_PORT: String(httpsPort),
    // The address a redirect names: https's own port is left out.
    HTTPS_PORT_SUFFIX: httpsPort === 443 ? '' : `:${httpsPort}`,
    TLS_CERT: tlsCert,
    TLS_KEY: tlsKey,
    ACME_DIR: acmeDir,
    STATIC_DIR: staticDir,
    STATE_DIR: prefixDir,
    MEDIA_DIR: mediaDir,
    UPSTREAM_SERVERS: upstreams.join('\n'),
  })
}
