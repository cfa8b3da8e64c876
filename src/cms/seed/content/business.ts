/** The business the site starts with: seeded into the settings, and what error pages show before any settings were read. */
export const SEED_BUSINESS = {
  name: 'Cardinal Title Research',
  phone: '(614) 555-0142',
} as const
