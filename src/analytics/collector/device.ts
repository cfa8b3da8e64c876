import type { DeviceClass } from '../collections'

/** A coarse device class from the User-Agent, decided at ingest; the User-Agent itself is not stored. */
export function deviceClass(userAgent: string | null): DeviceClass {
  const ua = userAgent ?? ''
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua)))
    return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return 'mobile'
  return 'desktop'
}
