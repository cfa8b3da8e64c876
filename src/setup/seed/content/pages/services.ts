import { mediaRef, type SeedPage } from '../../refs'
import { h, p, richText, ul } from '../../lexical'
import { pageLinkRow } from '../links'
import { orderCta } from './orderCta'

export const services: SeedPage = {
  key: 'services',
  title: 'Services',
  slug: 'services',
  seo: {
    title: 'Title Search Services for Ohio Real Estate',
    description:
      'Full title searches, current owner searches, lien and judgment searches, tax searches and deed or easement copies for real estate anywhere in Ohio.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Title search services',
      text: 'Five kinds of search cover most of what attorneys, lenders and property owners need before a sale, a refinance or a dispute. Not sure which one fits? Describe the situation and we will suggest the narrowest search that answers your question.',
      image: mediaRef('hero-services'),
      actions: [pageLinkRow('Order a search', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      anchorId: 'overview',
      content: richText(
        h(2, 'What we search'),
        p(
          'Every search starts with the parcel: its number in the county auditor’s records, its legal description and its current owner of record. From there, the scope depends on the question you need answered.',
        ),
        ul([
          '**Full title search.** The chain of ownership back at least 40 years, with every mortgage, lien, easement, restriction and court matter of record along the way. Used for sales, new title insurance policies and quiet title actions.',
          '**Current owner search.** The vesting deed, legal description, open mortgages and current tax status. A quick check for refinances, home equity loans and pre-listing reviews.',
          '**Lien and judgment search.** Liens recorded against the property and judgment liens against its owners filed with the clerk of courts, including federal and state tax liens.',
          '**Property tax search.** Current and delinquent taxes, special assessments, exemptions and payment history from the county auditor and treasurer.',
          '**Deed and easement copies.** Copies of specific recorded documents, such as a deed, an easement, a right-of-way, a plat or a set of restrictions.',
        ]),
        h(3, 'Who orders from us'),
        p(
          'Most of our work comes from real estate attorneys, community banks and credit unions, title agencies that need coverage outside their home counties, and investors buying at auction. Homeowners are welcome too. We will explain what a report shows in plain terms, although we cannot advise you on what to do about it.',
        ),
        h(3, 'What every report includes'),
        ul([
          'The parcel number, property address and full legal description as last recorded',
          'The current owner of record and how title is held',
          'A list of every item found, with recording dates and instrument numbers or volume and page',
          'Copies of the documents we relied on, attached to the PDF',
          'The period the search covers, ending on its effective date, and the offices searched',
          'Notes on anything we could not verify',
        ]),
      ),
    },
    orderCta(
      'Ready to order?',
      'Send us the property details and the search you need. We confirm the price and the delivery date before we start.',
    ),
  ],
}
