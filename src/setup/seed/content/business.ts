/** The business the site starts with, seeded into the settings (src/content/builtInBusiness.ts). */
export { BUILT_IN_BUSINESS as SEED_BUSINESS } from '@/content/builtInBusiness'
