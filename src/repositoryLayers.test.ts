import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  codeFiles,
  localImportsOf,
  OUTSIDE_SRC,
  resolveModule,
  specifiersIn,
  SRC_ALIASES,
} from '../tests/support/importGraph'

/** The folders whose code is read, and the one whose modules are only looked up (it is run, not imported). */
const READ_FOLDERS = ['src', 'scripts', 'deploy', 'bench']
const TESTS_FOLDER = 'tests'

/**
 * What is run by name (package.json, the systemd units, docs/): every file directly in scripts/,
 * deploy/ and bench/, and these deeper ones: the server's commands, and a benchmark's filling of a
 * million analytics events, run by `npx tsx` from bench/collect-load.mjs.
 */
const DEEPER_COMMANDS = [
  'deploy/server/certificate.mjs',
  'deploy/server/deploy.mjs',
  'deploy/server/install.mjs',
  'deploy/server/restore.mjs',
  'bench/lib/dashboard-million.ts',
]
const isCommand = (file: string) => /^(scripts|deploy|bench)\/[^/]+$/.test(file) || DEEPER_COMMANDS.includes(file)
const SHARED_WITH_SRC = OUTSIDE_SRC.map((module) => path.posix.join('src', module))
const inFolder = (folder: string) => (file: string) => file.startsWith(`${folder}/`) && !isCommand(file)

/** `runOnly`: its files are looked up, not read: nothing is said of their own imports. */
type Layer = { name: string; holds: (file: string) => boolean; runOnly?: boolean }

/**
 * The repository's layers, top first (docs/code.md, "The operations code"). A file imports files
 * of its own layer and of the layers below it, never of one above; the commands import no other
 * command, so what two of them share lives in a library below both.
 */
const LAYERS: Layer[] = [
  { name: 'the commands', holds: isCommand },
  // Run, never imported by the site or a library: only a command (the migrations' maker, a
  // benchmark) borrows a test's PostgreSQL or Payload.
  { name: 'the test suites (tests/)', holds: inFolder(TESTS_FOLDER), runOnly: true },
  // The benchmarks' servers, sessions and results, over the operations library below.
  { name: 'the benchmarks’ helpers (bench/lib/)', holds: inFolder('bench/lib') },
  // The operations library, in three parts. What the server's commands share: the server's
  // layout, the deploy's plan and its runner, the restore's steps, the settings file.
  { name: 'the server’s modules (deploy/server/)', holds: inFolder('deploy/server') },
  // The local stack and the releases: nginx, PostgreSQL, Redis, processes, release archives, ACME.
  { name: 'the stack’s library (deploy/lib/)', holds: inFolder('deploy/lib') },
  // The base: the checkout's settings and dependencies (bootstrap.mjs), processes, backups,
  // archives, the browser. It may read the values src/ owns.
  {
    name: 'the scripts’ library (scripts/lib/)',
    holds: (file) => inFolder('scripts/lib')(file) && !SHARED_WITH_SRC.includes(file),
  },
  // The site; its own folders' order is src/layers.test.ts's.
  { name: 'the site (src/)', holds: inFolder('src') },
  // The backups' names and off-site store, read by the site's doctor as by the backup script.
  { name: 'the scripts’ modules src/ shares', holds: (file) => SHARED_WITH_SRC.includes(file) },
]
const COMMANDS = LAYERS[0]
const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.holds(file))

/**
 * Every read file (relative to the root, with `/`) and the repository's files it imports; with
 * `loadedOnly`, those it loads when it runs (not the modules a JSDoc type names).
 */
function importGraph(root: string, loadedOnly = false): Map<string, string[]> {
  const read = READ_FOLDERS.flatMap((folder) => codeFiles(path.join(root, folder)))
  const known = new Set([...read, ...codeFiles(path.join(root, TESTS_FOLDER))])
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/')
  return new Map(
    read.map((file) => {
      const targets = localImportsOf(file, path.join(root, 'src'), loadedOnly).flatMap((target) => {
        const resolved = resolveModule(target, known)
        return resolved ? [relative(resolved)] : []
      })
      return [relative(file), [...new Set(targets)]]
    }),
  )
}

/** Each import from a layer that names a file of a layer above it (or another command), said in words. */
function upwardImports(graph: Map<string, string[]>, from: Layer): string[] {
  const level = LAYERS.indexOf(from)
  return [...graph].flatMap(([file, targets]) => {
    if (layerOf(file) !== level) return []
    return targets.flatMap((target) => {
      const to = layerOf(target)
      if (to < 0) return [`${file} imports ${target}, in no layer`]
      if (to > level || (to === level && from !== COMMANDS)) return []
      return [`${file} imports ${target} (${LAYERS[to].name})`]
    })
  })
}

/** A cycle's files in import order, from its first by name, that one again at the end. */
function cycleFrom(files: string[]): string {
  const first = files.indexOf([...files].sort()[0])
  return [...files.slice(first), ...files.slice(0, first), files[first]].join(' → ')
}

/** Cycles of imports, each once. */
function importCycles(graph: Map<string, string[]>): string[] {
  const cycles: string[] = []
  const done = new Set<string>()
  const trail: string[] = []
  const visit = (file: string) => {
    const at = trail.indexOf(file)
    if (at >= 0) return void cycles.push(cycleFrom(trail.slice(at)))
    if (done.has(file)) return
    trail.push(file)
    for (const target of graph.get(file) ?? []) visit(target)
    trail.pop()
    done.add(file)
  }
  for (const file of graph.keys()) visit(file)
  return cycles
}

/**
 * The folders of the plain-Node commands and their library: a fresh clone runs a command on the
 * machine's Node, which may strip no TypeScript, before it continues on the project's
 * (scripts/lib/bootstrap.mjs). Their TypeScript entry points (`scripts/setup.ts`) are bundled first.
 */
const PLAIN_NODE_FOLDERS = ['scripts', 'deploy']
/** What Node of any version loads: JavaScript. */
const PLAIN_NODE_MODULE = /\.(mjs|js)$/

/**
 * What plain Node could not load among the files the operations code imports, followed into src/:
 * a TypeScript module, or an import of src/'s aliases (tsconfig.json's `paths`, which Node ignores).
 */
function plainNodeRefusals(root: string): string[] {
  const graph = importGraph(root, true)
  const reached = new Set<string>()
  const visit = (file: string) => {
    if (reached.has(file)) return
    reached.add(file)
    for (const target of graph.get(file) ?? []) visit(target)
  }
  const starts = [...graph.keys()].filter(
    (file) => PLAIN_NODE_MODULE.test(file) && PLAIN_NODE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)),
  )
  starts.forEach(visit)
  return [...reached].sort().flatMap((file) => {
    const typescript = (graph.get(file) ?? []).filter((target) => !PLAIN_NODE_MODULE.test(target))
    const aliased = specifiersIn(fs.readFileSync(path.join(root, file), 'utf8'), true).filter((specifier) =>
      SRC_ALIASES.some((alias) => specifier.startsWith(alias)),
    )
    return [
      ...typescript.map((target) => `${file} imports ${target}, which is TypeScript`),
      ...aliased.map((specifier) => `${file} imports ${specifier}, an alias plain Node does not resolve`),
    ]
  })
}

/** The files package.json's scripts and the systemd units run with Node. */
function filesRunByName(root: string): string[] {
  const packageScripts = Object.values<string>(
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts,
  )
  const unitsDir = path.join(root, 'deploy', 'systemd')
  const unitStarts = fs
    .readdirSync(unitsDir)
    .flatMap((unit) => fs.readFileSync(path.join(unitsDir, unit), 'utf8').split('\n'))
    .filter((line) => line.startsWith('ExecStart='))
  const runWithNode = /\bnode\s+(?:--\S+\s+)*([\w./-]+\.(?:mjs|ts))/g
  return [...packageScripts, ...unitStarts].flatMap((line) => [...line.matchAll(runWithNode)].map((run) => run[1]))
}

/** What `read` finds in a repository of `files` (path → text) made in a temporary folder, removed after. */
function inRepository<T>(files: Record<string, string>, read: (root: string) => T): T {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'repository-layers-'))
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      fs.writeFileSync(path.join(root, file), text)
    }
    return read(root)
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

const REPOSITORY = path.resolve(__dirname, '..')
const graph = importGraph(REPOSITORY)

const above = (layer: Layer) =>
  LAYERS.slice(0, LAYERS.indexOf(layer))
    .map(({ name }) => name)
    .join(', ')

describe('the repository’s imports point down (src/, scripts/, deploy/, bench/)', () => {
  it('every file of the four folders is in one layer', () => {
    expect([...graph.keys()].filter((file) => layerOf(file) < 0)).toEqual([])
  })

  it('a command imports no other command (what two share lives in a library)', () => {
    expect(upwardImports(graph, COMMANDS)).toEqual([])
  })

  it.each(LAYERS.slice(1).flatMap((layer) => (layer.runOnly ? [] : [[layer.name, layer] as const])))(
    'nothing in %s imports a layer above it',
    (_name, layer) => {
      expect(upwardImports(graph, layer), `above ${layer.name}: ${above(layer)}`).toEqual([])
    },
  )

  it('no import cycle among the files of the four folders', () => {
    expect(importCycles(graph)).toEqual([])
  })

  it('what scripts/ and deploy/ import, from src/ too, is JavaScript without aliases, which any Node loads', () => {
    expect(plainNodeRefusals(REPOSITORY)).toEqual([])
  })

  it('catches the operations code loading TypeScript, and a src/ module it loads using an alias, not a JSDoc type', () => {
    const refusals = inRepository(
      {
        'scripts/lib/backupMaking.mjs': "import { n } from '../../src/platform/dataFolder.mjs'\n",
        'src/platform/dataFolder.mjs': "import { p } from '@/platform/paths'\n",
        'src/platform/paths.ts': '',
        'deploy/lib/config.mjs': "import { c } from '../../src/chat/constants.ts'\n",
        'src/chat/constants.ts': '',
        'bench/lib/chatDuringDeploy.mjs': "import { c } from '../../src/chat/constants.ts'\n",
        'scripts/setup.ts': "import config from '@payload-config'\n",
        'scripts/mail-test.mjs': "/** @type {typeof import('../src/platform/mailCheck')} */\nconst check = {}\n",
        'src/platform/mailCheck.ts': "import { t } from '@/platform/mailTransport'\n",
        'tests/support/postgres.ts': '',
      },
      plainNodeRefusals,
    )
    expect(refusals).toEqual([
      'deploy/lib/config.mjs imports src/chat/constants.ts, which is TypeScript',
      'src/platform/dataFolder.mjs imports src/platform/paths.ts, which is TypeScript',
      'src/platform/dataFolder.mjs imports @/platform/paths, an alias plain Node does not resolve',
    ])
  })

  it('every file package.json and the systemd units run is one of the commands', () => {
    const runs = filesRunByName(REPOSITORY)
    expect(runs.length).toBeGreaterThan(0)
    expect(runs.filter((file) => !isCommand(file))).toEqual([])
  })

  it('catches a library importing a command, a test’s support or a layer above it, src/ importing the scripts, a cycle and a file in no layer', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'repository-layers-'))
    try {
      const write = (file: string, text = '') => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
        fs.writeFileSync(path.join(root, file), text)
      }
      write('scripts/backup.mjs', "import { b } from './restore.mjs'\n")
      write('scripts/restore.mjs')
      write(
        'deploy/lib/config.mjs',
        "import '../../scripts/backup.mjs'\nimport { run } from '../../scripts/lib/bootstrap.mjs'\n",
      )
      write('scripts/lib/bootstrap.mjs', "const c = await import('../../deploy/lib/config.mjs')\n")
      write('scripts/lib/backupArchives.mjs', "export { p } from '../../src/platform/paths'\n")
      write('src/platform/paths.ts', "const s = require('../../scripts/lib/bootstrap.mjs')\n")
      write(
        'src/operations/a.ts',
        "import { b } from '@/operations/b'\nimport { x } from '../../scripts/lib/backupArchives.mjs'\n",
      )
      write('src/operations/b.ts', "import { a } from './a'\n")
      write('bench/lib/session.mjs', "import { p } from '../../tests/support/payload'\n")
      write('tests/support/payload.ts')
      write('deploy/tools/render.mjs')
      const broken = importGraph(root)
      const all = LAYERS.flatMap((layer) => upwardImports(broken, layer))
      expect(all.sort()).toEqual([
        'bench/lib/session.mjs imports tests/support/payload.ts (the test suites (tests/))',
        'deploy/lib/config.mjs imports scripts/backup.mjs (the commands)',
        'scripts/backup.mjs imports scripts/restore.mjs (the commands)',
        'scripts/lib/backupArchives.mjs imports src/platform/paths.ts (the site (src/))',
        'scripts/lib/bootstrap.mjs imports deploy/lib/config.mjs (the stack’s library (deploy/lib/))',
        'src/platform/paths.ts imports scripts/lib/bootstrap.mjs (the scripts’ library (scripts/lib/))',
      ])
      expect([...broken.keys()].filter((file) => layerOf(file) < 0)).toEqual(['deploy/tools/render.mjs'])
      expect(importCycles(broken).sort()).toEqual([
        'deploy/lib/config.mjs → scripts/lib/bootstrap.mjs → deploy/lib/config.mjs',
        'src/operations/a.ts → src/operations/b.ts → src/operations/a.ts',
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
