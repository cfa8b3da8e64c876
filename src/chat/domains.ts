/** Whether a host name is one of the allowed domains or a subdomain of one. */
export function domainAllowed(hostname: string, allowedDomains: string[]): boolean {
  const host = hostname.toLowerCase()
  return allowedDomains.some((domain) => {
    const allowed = domain.trim().toLowerCase()
    return allowed !== '' && (host === allowed || host.endsWith(`.${allowed}`))
  })
}

/** The widget runs on the site's own host name and on allowed domains only. */
export function hostAllowed(hostname: string, siteHostname: string, allowedDomains: string[]): boolean {
  if (!siteHostname) return true
  return hostname.toLowerCase() === siteHostname.toLowerCase() || domainAllowed(hostname, allowedDomains)
}
