'use client'
import { useRowLabel } from '@payloadcms/ui'

/** "Link 03", "Column 02": what a row is called while it has no text of its own. */
export const numberedRow = (noun: string, rowNumber: number | undefined) =>
  `${noun} ${String((rowNumber ?? 0) + 1).padStart(2, '0')}`

/** A menu row in the admin, called by its link text. */
export function LinkRowLabel() {
  const { data, rowNumber } = useRowLabel<{ link?: { label?: string | null } | null }>()
  return <span>{data?.link?.label?.trim() || numberedRow('Link', rowNumber)}</span>
}

/** A column of links in the admin, called by its heading. */
export function ColumnRowLabel() {
  const { data, rowNumber } = useRowLabel<{ heading?: string | null }>()
  return <span>{data?.heading?.trim() || numberedRow('Column', rowNumber)}</span>
}
