import type { FaqBlock as FaqBlockData } from '@/payload-types'
import { Accordion } from './Accordion'

export function FaqBlock({ block }: { block: FaqBlockData }) {
  return (
    <div className="container container--narrow">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <Accordion
        items={block.items.map((item, i) => ({
          key: item.id ?? String(i),
          anchor: item.anchor,
          question: item.question,
          answer: item.answer,
        }))}
      />
    </div>
  )
}
