import type { SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical'
import type { JSXConverters } from '@payloadcms/richtext-lexical/react'
import type { ReactNode } from 'react'
import { ResponsiveTable } from '../ResponsiveTable'

type ParentNode = SerializedLexicalNode & { children?: SerializedLexicalNode[]; headerState?: number }

/**
 * Splits a Lexical table into header cells and body rows: the first row is the header when
 * its cells are marked as headers, otherwise columns are numbered.
 */
export function splitTable(table: ParentNode): { headerRow: ParentNode[] | null; bodyRows: ParentNode[][] } {
  const rows = (table.children ?? []).map((row) => ((row as ParentNode).children ?? []) as ParentNode[])
  const first = rows[0]
  const firstIsHeader = Boolean(first?.length && first.every((cell) => (cell.headerState ?? 0) > 0))
  return firstIsHeader ? { headerRow: first, bodyRows: rows.slice(1) } : { headerRow: null, bodyRows: rows }
}

export const tableConverters: JSXConverters = {
  table: ({ node, nodesToJSX }) => {
    const { headerRow, bodyRows } = splitTable(node as ParentNode)
    const width = Math.max(headerRow?.length ?? 0, ...bodyRows.map((row) => row.length))
    const headers: ReactNode[] = headerRow
      ? headerRow.map((cell) => nodesToJSX({ nodes: cell.children ?? [] }))
      : Array.from({ length: width }, (_, i) => `Column ${i + 1}`)
    const rows = bodyRows.map((row) => row.map((cell) => nodesToJSX({ nodes: cell.children ?? [] })))
    return <ResponsiveTable headers={headers} rows={rows} />
  },
}
