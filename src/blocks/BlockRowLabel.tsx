'use client'
import { useRowLabel } from '@payloadcms/ui'
import { BLOCK_TYPE_NAMES, blockSummary } from './blockSummary'

/**
 * A block's row in the page editor: its number, its type and what it holds ("02 · FAQ accordion ·
 * How long does a search take?"), where Payload wrote "Untitled" for every block.
 */
export function BlockRowLabel() {
  const { data, rowNumber } = useRowLabel<Record<string, unknown>>()
  const type = typeof data?.blockType === 'string' ? (BLOCK_TYPE_NAMES[data.blockType] ?? data.blockType) : ''
  const summary = blockSummary(data)
  return (
    <span className="block-row-label">
      <span className="blocks-field__block-number">{String((rowNumber ?? 0) + 1).padStart(2, '0')}</span>{' '}
      <span className="pill pill--style-white pill--size-small blocks-field__block-pill">{type}</span>{' '}
      {summary ? <span className="block-row-label__summary">{summary}</span> : null}
    </span>
  )
}
