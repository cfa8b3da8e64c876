import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONFIG_MODULE, codeFiles, localImportsOf, OUTSIDE_SRC } from '../tests/support/importGraph'

/**
 * Which top-level folder of src/ may import which. Routes (`app`) and the configuration sit on
 * top; `site` is the shell that composes the capabilities; capabilities lean only on the ones
 * listed for them, on the content model (`content`) and on the shared folders, `platform` (what
 * the site runs on) among them; the content model leans only on shared folders; shared folders
 * import no capability and not the content model.
 */
const SHARED = ['forms', 'platform', 'security', 'dom', 'metrics', 'migrations', 'payload-types']
const MAY_IMPORT: Record<string, string[]> = {
  site: ['content', 'blocks', 'contact', 'chat', 'analytics', 'search', 'news', 'brand'],
  blocks: ['content', 'contact'],
  // The news pages show posts as the "Latest posts" block does, and their bodies as rich text.
  news: ['content', 'blocks'],
  // The owner's logo, colours and fonts, read from the content model's settings.
  brand: ['content'],
  chat: ['content', 'contact', 'analytics', 'brand'],
  // The emails carry the owner's logo.
  contact: ['content', 'analytics', 'brand'],
  analytics: ['content'],
  // Search reads the blocks' schemas to find the text fields of a page.
  search: ['content', 'blocks/configs'],
  server: ['content', 'operations'],
  // The admin's dashboard: what needs attention, read from the capabilities and the doctor's readers.
  dashboard: ['content', 'contact', 'chat', 'operations'],
  // The doctor's checks (src/operations/doctor), whose readers the server's metrics share.
  operations: [],
  // The content model: pages, menus, settings, media, redirects; the page layout's blocks and the
  // settings' tabs are composed in by the configuration, so it names no capability.
  content: [],
  platform: [],
  forms: [],
  security: [],
  dom: [],
  metrics: [],
  // A fresh database's schema, first admin and seed content: the seed names rich text's own node
  // names and the contact form's id from its dependency-free protocol; nothing else of a capability.
  setup: ['content', 'blocks/RichText/headingStyle', 'blocks/RichText/businessDetail', 'contact/protocol'],
}

/** The one module below the top that may import the configuration: the door to the site's Payload. */
const CONFIG_DOOR = 'platform/sitePayload.ts'

const srcRoot = path.resolve(__dirname)

/** Every module a file imports, as a path under src/ (`contact/form/CmsForm`), package imports left out. */
const importsOf = (root: string, file: string) =>
  localImportsOf(file, root).map((target) => path.relative(root, target))

const folderOf = (relative: string) => relative.split(/[/\\]/)[0].replace(/\.tsx?$/, '')

function violations(root = srcRoot): string[] {
  const found: string[] = []
  for (const file of codeFiles(root)) {
    const relative = path.relative(root, file)
    const from = folderOf(relative)
    const allowed = MAY_IMPORT[from]
    if (!allowed) continue // routes, configuration, instrumentation: the top may import anything
    for (const target of importsOf(root, file)) {
      if (target === CONFIG_MODULE && relative === CONFIG_DOOR) continue
      if (OUTSIDE_SRC.includes(target)) continue
      const to = folderOf(target)
      if (to === from || SHARED.includes(to)) continue
      if (allowed.some((entry) => target === entry || target.startsWith(`${entry}/`) || entry === to)) continue
      found.push(`${relative} imports ${target}`)
    }
  }
  return found
}

/** The set-up and the seed content are for `npm start`'s set-up (scripts/setup.ts) and tests; no module that serves the site reads them. */
const SETUP_FOLDER = 'setup'

function setupImports(root = srcRoot): string[] {
  return codeFiles(root).flatMap((file) => {
    const relative = path.relative(root, file)
    if (relative.startsWith(`${SETUP_FOLDER}/`)) return []
    return importsOf(root, file)
      .filter((target) => target === SETUP_FOLDER || target.startsWith(`${SETUP_FOLDER}/`))
      .map((target) => `${relative} imports ${target}`)
  })
}

/**
 * Rules of who may do what, read in the source: a pattern, the modules it is looked for in (all of
 * src/ unless `within` says), and the only ones of them that may write it. Each keeps one job in one place.
 */
const ONLY_IN: { rule: string; pattern: RegExp; within?: string[]; allowed: string[] }[] = [
  {
    rule: 'reads the site-settings global',
    pattern: /findGlobal\(\s*\{[^}]*slug:\s*['"]site-settings['"]/,
    // The server's reader (the whole document, through the memo), the pages' (what visitors may see,
    // per render), and the start-up read that runs the settings' hooks (the CSP's third-party hosts)
    // without filling the memo before a request asks.
    allowed: ['content/siteSettingsReader.ts', 'content/queries.ts', 'payload.config.ts'],
  },
  {
    rule: 'writes a chat signal by hand',
    pattern: /kind:\s*'signal'/,
    // The signals' constructors, typed by the protocol, and the bus's wire shape they travel in.
    allowed: ['chat/server/live/signals.ts', 'chat/server/live/bus.ts'],
  },
  {
    rule: 'tells the chat hub anything but a stored event, from the storage',
    pattern: /\bhub\.(?!publish\(\{ kind: 'event')/,
    // What a change means to the visitor and the agents is the conversation's life's to say.
    within: ['chat/server/storage'],
    allowed: [],
  },
  {
    rule: 'changes a conversation’s status',
    pattern: /\.setStatus\(|\bwriteConversation\(/,
    within: ['chat/server', 'chat/retention'],
    allowed: ['chat/server/conversation/life.ts', 'chat/server/storage/store.ts'],
  },
]

function breaches(root = srcRoot): string[] {
  return codeFiles(root).flatMap((file) => {
    const relative = path.relative(root, file).split(path.sep).join('/')
    const under = (entry: string) => relative === entry || relative.startsWith(`${entry}/`)
    const text = fs.readFileSync(file, 'utf8')
    return ONLY_IN.filter(
      ({ pattern, within, allowed }) => (!within || within.some(under)) && !allowed.some(under) && pattern.test(text),
    ).map(({ rule }) => `${relative} ${rule}`)
  })
}

describe('dependencies point down', () => {
  it('no production module imports the set-up or the seed content', () => {
    expect(setupImports()).toEqual([])
  })

  it('no folder imports one above it or a capability it is not allowed to lean on', () => {
    expect(violations()).toEqual([])
  })

  it('catches a shared folder importing a capability, and a capability importing the shell', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'))
    try {
      fs.mkdirSync(path.join(root, 'security'))
      fs.writeFileSync(path.join(root, 'security', 'fetch.ts'), "import { CSRF } from '@/contact/protocol'\n")
      fs.mkdirSync(path.join(root, 'search'))
      fs.writeFileSync(path.join(root, 'search', 'box.ts'), "import { listen } from '../site/chrome/dom'\n")
      fs.mkdirSync(path.join(root, 'contact'))
      fs.writeFileSync(path.join(root, 'contact', 'start.ts'), "import config from '@payload-config'\n")
      expect(violations(root).sort()).toEqual([
        'contact/start.ts imports payload.config',
        'search/box.ts imports site/chrome/dom',
        'security/fetch.ts imports contact/protocol',
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('lets src/ import only the scripts’ modules it lists', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'))
    try {
      fs.mkdirSync(path.join(root, 'operations'))
      fs.writeFileSync(
        path.join(root, 'operations', 'backups.ts'),
        "import { a } from '../../scripts/lib/backupArchives.mjs'\nimport { b } from '../../scripts/lib/backup.mjs'\n",
      )
      expect(violations(root)).toEqual(['operations/backups.ts imports ../scripts/lib/backup.mjs'])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('catches the platform importing the content model, and the content model importing a page element', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'))
    try {
      fs.mkdirSync(path.join(root, 'platform'))
      fs.writeFileSync(path.join(root, 'platform', 'health.ts'), "import { q } from '@/content/queries'\n")
      fs.mkdirSync(path.join(root, 'content', 'collections'), { recursive: true })
      fs.writeFileSync(path.join(root, 'content', 'collections', 'Pages.ts'), "import { b } from '@/blocks/configs'\n")
      fs.writeFileSync(path.join(root, 'content', 'queries.ts'), "import { p } from '../platform/sitePayload'\n")
      expect(violations(root).sort()).toEqual([
        'content/collections/Pages.ts imports blocks/configs',
        'platform/health.ts imports content/queries',
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('keeps the settings reads, the chat’s signals and its statuses each in its one place', () => {
    expect(breaches()).toEqual([])
  })

  it('catches a raw settings read, a signal by hand, a storage that publishes and a status set around the life', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'))
    try {
      const write = (relative: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true })
        fs.writeFileSync(path.join(root, relative), text)
      }
      write('contact/delivery/deliver.ts', "await payload.findGlobal({ slug: 'site-settings', depth: 0 })\n")
      write('chat/server/http/agent.ts', "hub.publish({ kind: 'signal', audience, name: 'typing', data })\n")
      write(
        'chat/server/storage/store.ts',
        "this.hub.publish({ kind: 'event', event })\nthis.hub.setStatus(id, visitor, status)\n",
      )
      write('chat/retention/old.ts', 'await store.setStatus(conversation, status)\n')
      write('chat/server/storage/transcript.ts', "this.hub.publish({ kind: 'event', event: view })\n")
      expect(breaches(root).sort()).toEqual([
        'chat/retention/old.ts changes a conversation’s status',
        'chat/server/http/agent.ts writes a chat signal by hand',
        'chat/server/storage/store.ts tells the chat hub anything but a stored event, from the storage',
        'contact/delivery/deliver.ts reads the site-settings global',
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('lets only the door to the site’s Payload import the configuration, and no module outside the set-up import it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'))
    try {
      fs.mkdirSync(path.join(root, 'platform'))
      fs.writeFileSync(path.join(root, 'platform', 'sitePayload.ts'), "import config from '@payload-config'\n")
      fs.writeFileSync(path.join(root, 'platform', 'health.ts'), "import config from '@payload-config'\n")
      expect(violations(root)).toEqual(['platform/health.ts imports payload.config'])
      fs.mkdirSync(path.join(root, 'setup', 'seed'), { recursive: true })
      fs.writeFileSync(path.join(root, 'setup', 'seed', 'index.ts'), "import { x } from './content/forms'\n")
      fs.mkdirSync(path.join(root, 'content'))
      fs.writeFileSync(path.join(root, 'content', 'queries.ts'), "import { y } from '../setup/seed/content/forms'\n")
      expect(setupImports(root)).toEqual(['content/queries.ts imports setup/seed/content/forms'])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
