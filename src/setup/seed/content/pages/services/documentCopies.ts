import type { SeedPage } from '../../../refs'
import { h, p, richText, ul } from '../../../lexical'
import { pageLinkRow } from '../../links'
import { orderCta } from '../orderCta'

export const documentCopies: SeedPage = {
  key: 'services/document-copies',
  title: 'Deed and Easement Copies',
  slug: 'document-copies',
  parent: 'services',
  seo: {
    title: 'Ohio Deed and Easement Copies',
    description:
      'Copies of recorded deeds, easements, plats, restrictions and other documents from any Ohio county recorder, located for you and delivered as clear PDF files.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Deed and easement copies',
      text: 'Need one recorded document rather than a whole search? We find it in the county recorder’s records and send you a clean copy, certified if you need it.',
      actions: [pageLinkRow('Request a copy', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'Documents we retrieve'),
        ul([
          'Deeds, including older deeds recorded in bound volumes',
          'Easements and rights-of-way for utilities, access, drainage and pipelines',
          'Subdivision plats and recorded surveys',
          'Declarations, covenants and deed restrictions, with their amendments',
          'Mortgages, assignments and releases',
          'Land contracts, affidavits and recorded powers of attorney',
        ]),
        h(3, 'What we need from you'),
        p(
          'The more you can tell us, the faster we find it: the property address or parcel number, an owner’s name and an approximate date, or a volume and page or instrument number from another document that mentions it. If all you have is a reference in an old deed, send that.',
        ),
        h(3, 'Certified copies'),
        p(
          'Courts and some agencies require copies certified by the county recorder. We can order those for you; the county’s certification fee is passed through at cost.',
        ),
        h(3, 'Turnaround'),
        p(
          'Documents the county has online are usually delivered the **same or next business day**. Older documents kept only in courthouse books take **2 to 4 business days**, depending on the county.',
        ),
      ),
    },
    orderCta(
      'Looking for a specific document?',
      'Tell us what you know about it, and we will tell you what it costs to find.',
    ),
  ],
}
