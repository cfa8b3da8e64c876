/**
 * The business the site ships with: what the seed puts in the settings, and what the error pages
 * and the maintenance page show when no settings were read yet (they read nothing from the server).
 */
export const BUILT_IN_BUSINESS = {
  name: 'Cardinal Title Research',
  phone: '(614) 555-0142',
} as const
