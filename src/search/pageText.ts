import type { Block, Field } from 'payload'
import { fieldAffectsData, tabHasName } from 'payload/shared'
import { pageBlocks } from '@/blocks/configs'
import { isSearchText } from '@/content/fields/searchText'

type Row = Record<string, unknown>

const asRows = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** Fields hidden from editors are the ones Payload adds itself: row ids and block names. */
function hiddenFromEditors(field: Field): boolean {
  const { admin } = field
  if ('hidden' in field && field.hidden) return true
  return Boolean(admin && (('hidden' in admin && admin.hidden) || ('disabled' in admin && admin.disabled)))
}

/** The text runs of a Lexical rich-text value, in reading order. */
function richTextWords(node: unknown, out: string[]): void {
  if (!node || typeof node !== 'object') return
  const { type, text, root, children } = node as Row
  if (type === 'text' && typeof text === 'string') out.push(text)
  richTextWords(root, out)
  for (const child of asRows(children)) richTextWords(child, out)
}

/**
 * What a visitor reads in one row of data, taken from the fields that describe it: text,
 * textarea and rich text, through arrays, groups, tabs and nested blocks. Numbers, selects,
 * radios, checkboxes, dates, relationships and uploads hold settings or ids, text fields marked
 * notSearchText hold addresses or anchors, and hidden fields are row ids: none is page text.
 */
function collectFields(fields: Field[], data: unknown, out: string[]): void {
  if (!data || typeof data !== 'object') return
  const row = data as Row
  for (const field of fields) {
    if (hiddenFromEditors(field)) continue
    switch (field.type) {
      case 'text':
      case 'textarea':
        if (!isSearchText(field)) break
        for (const value of [row[field.name]].flat()) if (typeof value === 'string') out.push(value)
        break
      case 'richText':
        richTextWords(row[field.name], out)
        break
      case 'array':
        for (const item of asRows(row[field.name])) collectFields(field.fields, item, out)
        break
      case 'blocks':
        collectBlocks(field.blocks, row[field.name], out)
        break
      case 'group':
        collectFields(field.fields, fieldAffectsData(field) ? row[field.name] : row, out)
        break
      case 'row':
      case 'collapsible':
        collectFields(field.fields, row, out)
        break
      case 'tabs':
        for (const tab of field.tabs) collectFields(tab.fields, tabHasName(tab) ? row[tab.name] : row, out)
        break
    }
  }
}

function collectBlocks(blocks: Block[], value: unknown, out: string[]): void {
  for (const item of asRows(value)) {
    const block = blocks.find((candidate) => candidate.slug === (item as Row | null)?.blockType)
    if (block) collectFields(block.fields, item, out)
  }
}

/** The readable text of a rich-text value (a news post's body), as one string. */
export function richTextText(value: unknown): string {
  const parts: string[] = []
  richTextWords(value, parts)
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

/**
 * The readable text of a page's blocks, rich text included, as one string. Which fields count
 * is read from the block configs, so a new block's text is searchable as soon as it exists.
 */
export function pageText(layout: unknown, blocks: Block[] = pageBlocks): string {
  const parts: string[] = []
  collectBlocks(blocks, layout, parts)
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}
