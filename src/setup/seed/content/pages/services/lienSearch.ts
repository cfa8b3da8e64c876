import type { SeedPage } from '../../../refs'
import { h, p, richText, ul } from '../../../lexical'
import { pageLinkRow } from '../../links'
import { orderCta } from '../orderCta'

export const lienSearch: SeedPage = {
  key: 'services/lien-search',
  title: 'Lien and Judgment Search',
  slug: 'lien-search',
  parent: 'services',
  seo: {
    title: 'Lien and Judgment Search in Ohio',
    description:
      'Find mortgages, mechanic’s liens, tax liens and judgment liens against Ohio property or its owners, checked at both the county recorder and the clerk of courts.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Lien and judgment search',
      text: 'A search for claims that could follow the property or its owner to the closing table: mortgages, mechanic’s liens, tax liens and judgments, checked at every county office where Ohio files them.',
      actions: [pageLinkRow('Order a lien search', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'What is a lien?'),
        p(
          'A lien is a legal claim against property that secures a debt. Until the debt is paid and the lien released, it generally stays attached to the property, and a buyer or new lender will usually want it paid off at closing. Some liens are voluntary, like a mortgage. Others are filed without the owner’s agreement, like a court judgment or a contractor’s claim for unpaid work.',
        ),
        h(2, 'Where Ohio liens are filed'),
        p('Not every lien is kept in the same office, which is why searching one index is not enough.'),
        ul([
          '**County recorder:** mortgages, mechanic’s liens, federal tax liens, and liens filed by municipalities or homeowners associations.',
          '**Clerk of the court of common pleas:** certificates of judgment, which become liens on the debtor’s real estate in that county, and state tax liens filed by the Ohio Department of Taxation.',
          '**County auditor and treasurer:** delinquent real estate taxes and special assessments, which are a lien on the parcel itself.',
          '**Court dockets:** pending foreclosure, partition and other cases in the common pleas court that name the property or its owners.',
        ]),
        h(3, 'What you receive'),
        p(
          'A report listing each lien found, who holds it, the amount claimed, the filing date and reference, and whether a release was found. Copies of each open lien are attached. When a judgment names someone with a common name, we list it as a possible match and explain what would confirm or rule it out, such as a middle initial or an address in the court file.',
        ),
        h(3, 'Search period'),
        p(
          'A standard lien search covers the current owners from the date they took title. Judgment indexes are searched for at least the last ten years, or from the vesting date if that is earlier.',
        ),
        h(3, 'Turnaround'),
        p(
          '**1 to 2 business days** in most counties. In a few smaller counties the judgment index is searched in person, which can add a day.',
        ),
      ),
    },
    orderCta(
      'Check for liens before you close',
      'Send the property and the owners’ names, and we will tell you what is of record against them.',
    ),
  ],
}
