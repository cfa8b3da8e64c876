import type { Block } from 'payload'
import { blockThumbnail } from './thumbnails'
import { CallToActionBlock } from './CallToAction/config'
import { ColumnsBlock } from './Columns/config'
import { ContactFormBlock } from './ContactForm/config'
import { CountyListBlock } from './CountyList/config'
import { FaqBlock } from './Faq/config'
import { GalleryBlock } from './Gallery/config'
import { HeroBlock } from './Hero/config'
import { ImageBlock } from './Image/config'
import { LatestPostsBlock } from './LatestPosts/config'
import { PricingTableBlock } from './PricingTable/config'
import { RichTextBlock } from './RichText/config'
import { StatsBlock } from './Stats/config'
import { TestimonialsBlock } from './Testimonials/config'
import { VideoBlock } from './Video/config'

/**
 * In the page editor each block's row says what it holds (src/blocks/BlockRowLabel.tsx) rather than
 * offering a name field that read "Untitled" on every block, and the block picker shows a drawing
 * of each (src/blocks/thumbnails.ts).
 */
const labelled = (block: Block): Block => ({
  ...block,
  admin: {
    ...block.admin,
    disableBlockName: true,
    components: { ...block.admin?.components, Label: '/blocks/BlockRowLabel#BlockRowLabel' },
    // Decorative: the card's own label names the block, so a screen reader hears "Hero", not the drawing.
    images: { thumbnail: { url: blockThumbnail(block.slug)!, alt: '' } },
  },
})

/** Every block an editor can place on a page; RenderBlocks maps each slug to its component. */
export const pageBlocks: Block[] = [
  HeroBlock,
  RichTextBlock,
  ImageBlock,
  GalleryBlock,
  VideoBlock,
  ColumnsBlock,
  FaqBlock,
  StatsBlock,
  PricingTableBlock,
  TestimonialsBlock,
  CallToActionBlock,
  ContactFormBlock,
  CountyListBlock,
  LatestPostsBlock,
].map(labelled)
