import { mediaRef, type SeedPage } from '../../../refs'
import { h, image, p, richText, ul } from '../../../lexical'
import { pageLinkRow } from '../../links'
import { orderCta } from '../orderCta'

export const fullTitleSearch: SeedPage = {
  key: 'services/full-title-search',
  title: 'Full Title Search',
  slug: 'full-title-search',
  parent: 'services',
  seo: {
    title: 'Full Title Search (40+ Years) in Ohio',
    description:
      'A 40-year-plus Ohio title search tracing the chain of ownership, with mortgages, liens, easements and court matters of record and copies of key documents.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Full title search',
      text: 'A search of the property’s recorded history back at least 40 years, for sales, new owner’s or lender’s policies, and any transaction where you need the whole picture.',
      actions: [pageLinkRow('Order a full search', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'What a full search covers'),
        p(
          'Under Ohio’s Marketable Title Act, a title examination usually starts from the “root of title”: the most recent transfer that has been on record for at least 40 years. Our standard full search begins at that deed and follows every transfer forward to today. If the chain is short or unusual, we go further back and explain why.',
        ),
        ul([
          '**Chain of title.** Each deed, land contract, probate certificate of transfer and court-ordered transfer, in order, with grantors, grantees and recording references.',
          '**Mortgages and releases.** Every mortgage recorded against the property during the search period, and whether a release or satisfaction was recorded.',
          '**Liens.** Mechanic’s liens, federal tax liens, and liens filed by the county, a municipality or a homeowners association.',
          '**Judgments and court cases.** Certificates of judgment against the current owners at the clerk of courts, and open foreclosure, partition or quiet title cases naming the property.',
          '**Easements and restrictions.** Recorded easements, rights-of-way, covenants, declarations and subdivision plats that affect the parcel.',
          '**Taxes and assessments.** Current tax status and any special assessments, from the county auditor and treasurer.',
        ]),
        image(mediaRef('hero-services'), '6a1f0c2e9b4d7a3c5e8f1b20'),
        h(3, 'What you receive'),
        p(
          'A PDF report organized the way an examiner or underwriter reads it: the vesting deed and legal description first, then open items that need attention at closing, then the full chain and the documents behind it. Copies of the vesting deed, open mortgages, liens, easements and restrictions are attached.',
        ),
        h(3, 'Turnaround'),
        p(
          'Most full searches are delivered in **2 to 4 business days**. Counties whose older records are indexed only in courthouse books, and properties with many transfers or a recent estate, can take longer. We give you a firm date when we accept the order.',
        ),
        h(3, 'When to order one'),
        ul([
          'Before a purchase, when a title insurance commitment will be issued',
          'For a quiet title, partition or foreclosure action that needs every interested party identified',
          'For commercial loans, or lenders that require a full search instead of a current owner report',
          'When an earlier search is old, incomplete or was done for another purpose',
        ]),
      ),
    },
    {
      blockType: 'faq',
      heading: 'Questions about full searches',
      anchorId: 'questions',
      items: [
        {
          question: 'Why 40 years?',
          anchor: 'full-why-40-years',
          answer:
            'Ohio’s Marketable Title Act generally cuts off older interests that were not preserved of record, and a 40-year search reaches the root of title that an examination relies on. Some interests survive the Act, such as certain easements, utility and railroad rights and some mineral interests, so we report older recorded easements we come across and can extend the search on request.',
        },
        {
          question: 'Can you search further back?',
          anchor: 'full-extended',
          answer:
            'Yes. We can trace the chain back 60 years, to the original subdivision plat, or to the land patent. Extended searches are quoted per order because the effort depends on the county and the property.',
        },
        {
          question: 'Is a full search the same as title insurance?',
          anchor: 'full-vs-insurance',
          answer:
            'No. A search reports what is in the public record. Title insurance is a policy issued by an insurer, usually through a title agent, that protects against covered defects, including some that no search can find, such as a forged signature. Many of our clients are title agents who use our search to issue that policy.',
        },
        {
          question: 'Do you give an opinion on the title?',
          anchor: 'full-opinion',
          answer:
            'We report the records and point out items that usually need attention, but we do not issue legal opinions on title. That is the role of an attorney or a title insurance underwriter.',
        },
      ],
    },
    orderCta(
      'Need a full search?',
      'Send the address or parcel number and your closing date, and we will confirm a delivery date.',
    ),
  ],
}
