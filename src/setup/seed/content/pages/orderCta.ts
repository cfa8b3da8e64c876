import type { CallToActionBlock } from '@/payload-types'
import type { SeedData } from '../../refs'
import { pageLink } from '../links'

/** The call to action that closes most pages: a heading, a line of text and the order button. */
export const orderCta = (heading: string, text: string, anchorId = 'order'): SeedData<CallToActionBlock> => ({
  blockType: 'callToAction',
  heading,
  text,
  link: pageLink('Order a search', 'contact'),
  anchorId,
})
