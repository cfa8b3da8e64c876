import type { FaqBlock as FaqBlockData } from '@/payload-types'
import { Accordion } from './Accordion'

export function FaqBlock({ block }: { block: FaqBlockData }) {
  return (
    <div className="container container--narrow">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <Accordion
        // Questions sit one level below the block heading, or right below the page title.
        headingLevel={block.heading ? 3 : 2}
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
