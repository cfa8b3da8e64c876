import type { ComponentType } from 'react'
import type { Page } from '@/payload-types'
import { CallToActionBlock } from './CallToAction/Component'
import { ColumnsBlock } from './Columns/Component'
import { ContactFormBlock } from './ContactForm/Component'
import { CountyListBlock } from './CountyList/Component'
import { FaqBlock } from './Faq/Component'
import { GalleryBlock } from './Gallery/Component'
import { HeroBlock } from './Hero/Component'
import { ImageBlock } from './Image/Component'
import { LatestPostsBlock } from './LatestPosts/Component'
import { PricingTableBlock } from './PricingTable/Component'
import { RichTextBlock } from './RichText/Component'
import { StatsBlock } from './Stats/Component'
import { TestimonialsBlock } from './Testimonials/Component'
import { VideoBlock } from './Video/Component'

export type LayoutBlock = Page['layout'][number]
type BlockType = LayoutBlock['blockType']
type BlockProps<T extends BlockType> = {
  block: Extract<LayoutBlock, { blockType: T }>
  isFirst: boolean
}

/** One entry per block slug; the compiler checks each component against its block's data. */
const blockComponents: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  hero: HeroBlock,
  richText: RichTextBlock,
  image: ImageBlock,
  gallery: GalleryBlock,
  video: VideoBlock,
  columns: ColumnsBlock,
  faq: FaqBlock,
  stats: StatsBlock,
  pricingTable: PricingTableBlock,
  testimonials: TestimonialsBlock,
  callToAction: CallToActionBlock,
  contactForm: ContactFormBlock,
  countyList: CountyListBlock,
  latestPosts: LatestPostsBlock,
}

function renderBlock<T extends BlockType>(block: Extract<LayoutBlock, { blockType: T }>, isFirst: boolean) {
  const Component = blockComponents[block.blockType as T] as ComponentType<BlockProps<T>>
  return <Component block={block} isFirst={isFirst} />
}

export function RenderBlocks({ blocks }: { blocks: LayoutBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <section
          key={block.id ?? index}
          id={block.anchorId || undefined}
          className={`block block--${block.blockType}`}
          data-reveal=""
        >
          {renderBlock(block, index === 0)}
        </section>
      ))}
    </>
  )
}
