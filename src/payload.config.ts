import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { EXPERIMENTAL_TableFeature, lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type CollectionConfig, type GlobalConfig } from 'payload'
import sharp from 'sharp'
import { AnalyticsEvents, AnalyticsSalts } from './analytics/collections'
import { CHAT_COLLECTIONS } from './chat/collections'
import { CannedReplies } from './chat/console/CannedReplies'
import { businessDetailFeature } from './blocks/RichText/businessDetail'
import { headingStyleFeature } from './blocks/RichText/headingStyleFeature'
import { safeLinkFeature } from './blocks/RichText/safeLinkFeature'
import { CaptchaAnswers } from './contact/collections/CaptchaAnswers'
import { Forms } from './contact/collections/Forms'
import { FormSubmissions } from './contact/collections/FormSubmissions'
import { Media } from '@/content/collections/Media'
import { pagesCollection } from '@/content/collections/Pages'
import { Categories } from '@/content/posts/Categories'
import { Posts } from '@/content/posts/Posts'
import { pageBlocks } from './blocks/configs'
import { Redirects } from '@/content/redirects/Redirects'
import { Users } from '@/content/collections/Users'
import { databaseAdapter, survivePoolErrors } from '@/platform/database'
import { emailAdapter } from '@/platform/email'
import { Footer } from '@/content/globals/Footer'
import { BUSINESS_TIMEZONE } from '@/content/businessHours'
import { Header } from '@/content/globals/Header'
import { siteSettingsGlobal } from '@/content/globals/SiteSettings'
import { chatSettingsTab } from './chat/settingsTab'
import { analyticsSettingsTab } from './analytics/settings/tab'
import { contactSettingsTabs } from './contact/settings/tabs'
import { publishSiteSources } from './site/thirdParties'
import { siteLogger } from '@/platform/logging'
import { CHAT_FILES_FOLDER, MEDIA_FOLDER } from '@/platform/dataFolder.mjs'
import { s3SettingsFrom } from '@/platform/storage/s3Settings'
import { uploadStoragePlugin } from '@/platform/storage/uploadStorage'
import { contactJobs } from './contact/delivery/jobs'
import { brandFields } from './brand/settingsFields'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// Payload's S3 adapter is published a patch behind Payload (3.90.1 beside 3.90.2) and runs on our
// one copy of Payload through package.json's overrides; Payload's start-up check of equal versions
// would reject that in development, so src/platform/storage/payloadVersions.test.ts checks it instead.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

function payloadSecret(): string {
  const secret = process.env.PAYLOAD_SECRET
  if (secret) return secret
  // `next build` evaluates the config without serving anything; a running site must have a secret.
  if (process.env.NEXT_PHASE === 'phase-production-build') return 'build-time-placeholder'
  throw new Error('PAYLOAD_SECRET is not set: run `npm start`, which writes one to .env.')
}

/**
 * Each read or change of the settings publishes the third-party hosts the CSP allows, so the
 * server builds every page's policy without a query per request.
 */
function withPublishedSources(global: GlobalConfig): GlobalConfig {
  const hooks = global.hooks ?? {}
  return {
    ...global,
    hooks: {
      ...hooks,
      afterRead: [...(hooks.afterRead ?? []), publishSiteSources],
      afterChange: [publishSiteSources, ...(hooks.afterChange ?? [])],
    },
  }
}

/** The collections as written here, before Payload and its plugins add their own fields. */
export const siteCollections = (): CollectionConfig[] => [
  pagesCollection(pageBlocks),
  Posts,
  Categories,
  Redirects,
  Media,
  Forms,
  FormSubmissions,
  Users,
  AnalyticsEvents,
  AnalyticsSalts,
  ...CHAT_COLLECTIONS,
  CannedReplies,
  CaptchaAnswers,
]

/** The globals as written here. Each capability owns its settings tabs; the site settings put them between the business and the appearance. */
export const siteGlobals = (): GlobalConfig[] => [
  Header,
  Footer,
  withPublishedSources(
    siteSettingsGlobal([...contactSettingsTabs, chatSettingsTab, analyticsSettingsTab], brandFields),
  ),
]

export type SiteConfigOptions = {
  /** Where Payload's log lines go instead of the terminal (tests read them). */
  logDestination?: { write: (line: string) => void }
}

/** The CMS configuration; tests pass their own database URL. */
export async function buildSiteConfig(
  databaseUrl = process.env.DATABASE_URL,
  { logDestination }: SiteConfigOptions = {},
) {
  return buildConfig({
    secret: payloadSecret(),
    serverURL: process.env.SERVER_URL || '',
    admin: {
      user: Users.slug,
      importMap: { baseDir: path.resolve(dirname) },
      meta: { titleSuffix: ' · Site admin' },
      // Schedules and dates are read in the business's zone unless the editor picks another.
      timezones: { defaultTimezone: BUSINESS_TIMEZONE },
      // Payload's default fetches each user's picture from Gravatar, which the CSP blocks (and which would tell Gravatar who signs in).
      avatar: 'default',
      components: {
        // The owner's logo (Settings → Appearance) on the sign-in page and in the nav.
        graphics: { Logo: '/brand/admin/AdminGraphics#AdminLogo', Icon: '/brand/admin/AdminGraphics#AdminIcon' },
        beforeDashboard: ['/dashboard/AtAGlance#AtAGlance', '/contact/admin/MailNotSentNotice#MailNotSentNotice'],
        afterNavLinks: [
          '/analytics/dashboard/AnalyticsNavLink#AnalyticsNavLink',
          '/chat/admin/AgentConsoleLink#AgentConsoleLink',
        ],
        views: {
          analytics: { Component: '/analytics/dashboard/AnalyticsView#AnalyticsView', path: '/analytics' },
          // Agents who sign in to the admin land in the chat console instead of a dead end.
          unauthorized: { Component: '/chat/admin/AgentLandingView#AgentLandingView' },
        },
      },
    },
    collections: siteCollections(),
    globals: siteGlobals(),
    editor: lexicalEditor({
      features: ({ defaultFeatures }) => [
        ...defaultFeatures.filter((feature) => feature.key !== 'link'),
        safeLinkFeature(),
        EXPERIMENTAL_TableFeature(),
        headingStyleFeature(),
        businessDetailFeature(),
      ],
    }),
    db: await databaseAdapter(databaseUrl),
    email: emailAdapter,
    jobs: contactJobs(),
    sharp,
    // With S3_* set, uploads and chat files live in the bucket, so any instance serves any file.
    plugins: [uploadStoragePlugin(s3SettingsFrom(), { media: MEDIA_FOLDER, 'chat-files': CHAT_FILES_FOLDER })],
    graphQL: { disable: true },
    telemetry: false,
    logger: siteLogger(logDestination),
    // Reading the settings once at start publishes the third-party hosts for the proxy's CSP (see security/thirdPartySources).
    onInit: async (payload) => {
      survivePoolErrors(payload.db)
      await payload.findGlobal({ slug: 'site-settings', depth: 0 }).catch(() => undefined)
    },
    // The types are written when the schema changes (scripts/new-migration.ts, `npm run generate:types`),
    // never at a start: Payload's own run at each start outside production spawns `node` by name,
    // which a server running the release's own Node does not have, and would write into the code.
    typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  })
}

export default buildSiteConfig()
