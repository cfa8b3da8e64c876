import type { SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical'
import { describe, expect, it } from 'vitest'
import { table } from '@/setup/seed/lexical'
import { splitTable } from './lexicalTable'

const cellText = (cell: unknown) =>
  ((cell as { children: { children: { text: string }[] }[] }).children[0].children[0] ?? { text: '' }).text

describe('rich-text table to definition lists', () => {
  it('takes a first row of header cells as the column headers and the rest as rows', () => {
    const { headerRow, bodyRows } = splitTable(
      table([
        ['County', 'Turnaround'],
        ['Franklin', '1 day'],
        ['Vinton', '3 days'],
      ]) as unknown as SerializedLexicalNode,
    )
    expect(headerRow?.map(cellText)).toEqual(['County', 'Turnaround'])
    expect(bodyRows.map((row) => row.map(cellText))).toEqual([
      ['Franklin', '1 day'],
      ['Vinton', '3 days'],
    ])
  })

  it('keeps every row as a body row when the first row is not marked as headers', () => {
    const node = table([
      ['Franklin', '1 day'],
      ['Vinton', '3 days'],
    ]) as unknown as { children: { children: { headerState: number }[] }[] }
    node.children[0].children.forEach((cell) => (cell.headerState = 0))
    const { headerRow, bodyRows } = splitTable(node as unknown as SerializedLexicalNode)
    expect(headerRow).toBeNull()
    expect(bodyRows).toHaveLength(2)
  })

  it('gives an empty table no header and no rows', () => {
    expect(splitTable({ type: 'table', version: 1, children: [] } as unknown as SerializedLexicalNode)).toEqual({
      headerRow: null,
      bodyRows: [],
    })
  })
})
