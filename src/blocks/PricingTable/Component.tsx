import type { PricingTableBlock as PricingTableBlockData } from '@/payload-types'
import { ResponsiveTable } from '../ResponsiveTable'

const PRICING_COLUMNS = ['Service', 'What it includes', 'Turnaround', 'Fee']

export function PricingTableBlock({ block }: { block: PricingTableBlockData }) {
  return (
    <div className="container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <ResponsiveTable
        caption={block.caption}
        headers={PRICING_COLUMNS}
        rows={block.rows.map((row) => [row.service, row.includes ?? '', row.turnaround ?? '', row.price])}
      />
      {block.note ? <p className="fine-print">{block.note}</p> : null}
    </div>
  )
}
