import type { SeedPage } from '../../../refs'
import { h, p, richText, ul } from '../../../lexical'
import { pageLinkRow } from '../../links'
import { orderCta } from '../orderCta'

export const currentOwnerSearch: SeedPage = {
  key: 'services/current-owner-search',
  title: 'Current Owner Search',
  slug: 'current-owner-search',
  parent: 'services',
  seo: {
    title: 'Current Owner Search for Ohio Property',
    description:
      'Confirm who owns an Ohio property, how title is held and which mortgages remain open, with the vesting deed and tax status, usually in 1 to 2 business days.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Current owner search',
      text: 'A focused report on who holds title today and what has been recorded against the property since they acquired it. The usual choice for refinances, home equity loans and pre-listing checks.',
      actions: [pageLinkRow('Order an owner search', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'What a current owner search covers'),
        p(
          'We start with the deed that put the property in its current owner’s name, called the vesting deed, and search forward from its recording date to today.',
        ),
        ul([
          'The **vesting deed**, with grantor, grantee, date, stated consideration and recording reference',
          'The full **legal description** and the auditor’s parcel number',
          '**Open mortgages** recorded since the vesting deed, with amounts, lenders and assignments, and whether each has been released',
          '**Liens and judgments** of record against the property and its current owners',
          '**Tax status**: the current half-year amounts, any delinquency and any special assessments',
        ]),
        h(3, 'What it does not cover'),
        p(
          'A current owner search does not trace earlier owners, so it will not show easements, restrictions or chain problems recorded before the vesting deed. If a title insurance policy will be issued on a sale, most underwriters want a full search instead. Ask us if you are unsure; the price difference is small compared with ordering twice.',
        ),
        h(3, 'What you receive'),
        p(
          'A short PDF report, usually two to four pages, with copies of the vesting deed and each open mortgage attached.',
        ),
        h(3, 'Turnaround'),
        p(
          'Usually **1 to 2 business days**, and often the same day when ordered before 11 a.m. in a county with complete online records. A guaranteed same-day rush is available for an added fee where the county’s records allow it.',
        ),
        h(3, 'Common uses'),
        ul([
          'Refinances and home equity loans',
          'Confirming ownership before bidding at a sheriff’s sale or tax sale',
          'Finding out who owns an adjacent parcel or a vacant lot',
          'Checking the owner named in a lawsuit, lease or purchase contract',
        ]),
      ),
    },
    orderCta(
      'Need to know who owns it?',
      'Send the address or parcel number and we will usually have an answer within two business days.',
    ),
  ],
}
