import type { Block, CollectionConfig, Field, GlobalConfig } from 'payload'
import { toWords } from 'payload/shared'
import { beforeAll, describe, expect, it } from 'vitest'

type Problem = string

/**
 * Names of one plain word, which Payload's own label ("Title", "Email") already says as a person
 * would. Any other name (two words run together, an abbreviation, a code) needs a label of its own.
 */
const READS_AS_WRITTEN = new Set(
  (
    'action actions address agent answer anchor author caption captcha categories checkbox city closes columns content conversation counties day days description device domain ' +
    'email fields file form heading help hero history image includes intro items label language layout link links ' +
    'multiple name note opens options page parent path percent phone placeholder price provider question quote radio ' +
    'rating recipients region required role roles rows rule rules seat select service slug state status street ' +
    'summary tagline text textarea title turnaround value'
  ).split(' '),
)
const needsOwnLabel = (name: string) => !READS_AS_WRITTEN.has(name)

/**
 * No label, or the one Payload makes from the name ("gtmId" → "Gtm Id"): the same thing once Payload
 * has filled the config in, which it does in place when any test builds it.
 */
const madeFromName = (label: unknown, name: string) => label === undefined || label === toWords(name)

function fieldProblems(fields: Field[], where: string, problems: Problem[]) {
  for (const field of fields) {
    const named = 'name' in field ? field.name : undefined
    const at = named ? `${where}.${named}` : where
    // A field hidden outright (Payload's own auth fields: salt, hash, sessions…) is never shown, nor what it holds.
    if (field.type === 'ui' || (field as { hidden?: boolean }).hidden === true) continue
    const hidden = 'admin' in field && (field.admin as { hidden?: boolean; disabled?: boolean } | undefined)
    // Hidden or disabled in the admin (Payload's sessions array of an auth collection): neither the
    // field nor what it holds is shown.
    if (hidden && (hidden.hidden || hidden.disabled)) continue
    if (named && field.type !== 'tabs' && field.type !== 'row') {
      const label = (field as { label?: unknown }).label
      if (madeFromName(label, named) && needsOwnLabel(named))
        problems.push(`${at}: no label of its own (Payload shows "${toWords(named)}")`)
    }
    if (field.type === 'tabs')
      for (const tab of field.tabs) {
        if (!tab.label) problems.push(`${where} tab ${'name' in tab ? tab.name : '?'}: no label`)
        fieldProblems(tab.fields, `${where}.${'name' in tab ? tab.name : 'tab'}`, problems)
      }
    if ('fields' in field && Array.isArray(field.fields)) fieldProblems(field.fields, at, problems)
    if (field.type === 'blocks')
      for (const block of (field.blocks ?? []) as Block[]) {
        if (madeFromName(block.labels?.singular, block.slug) && needsOwnLabel(block.slug))
          problems.push(`${at} block ${block.slug}: no labels`)
        fieldProblems(block.fields, `${at}[${block.slug}]`, problems)
      }
  }
}

let collections: CollectionConfig[]
let globals: GlobalConfig[]
beforeAll(async () => {
  process.env.PAYLOAD_SECRET ??= 'labels-test-secret'
  ;({ siteCollections: collections, siteGlobals: globals } = await import('./payload.config').then((config) => ({
    siteCollections: config.siteCollections(),
    siteGlobals: config.siteGlobals(),
  })))
})

describe('the admin’s labels', () => {
  it('every field an editor sees has a label written for people, not one Payload makes from its name', () => {
    const problems: Problem[] = []
    // A collection the admin never shows (the analytics salts) has no labels to read.
    for (const collection of collections.filter((each) => each.admin?.hidden !== true))
      fieldProblems(collection.fields, collection.slug, problems)
    for (const global of globals) fieldProblems(global.fields, global.slug, problems)
    expect(problems).toEqual([])
  })
})

describe('the upload lists', () => {
  it('offer no column or filter of the storage adapter’s bookkeeping (prefix, object key)', async () => {
    const { buildSiteConfig } = await import('./payload.config')
    const { STORAGE_INTERNAL_FIELDS } = await import('./platform/storage/uploadStorage')
    const config = await buildSiteConfig()
    for (const slug of ['media', 'chat-files']) {
      const fields = config.collections.find((collection) => collection.slug === slug)!.flattenedFields
      for (const name of STORAGE_INTERNAL_FIELDS) {
        const field = fields.find((each) => each.name === name)
        expect(field?.admin, `${slug}.${name}`).toMatchObject({ disableListColumn: true, disableListFilter: true })
      }
    }
  })
})
