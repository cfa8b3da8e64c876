import type { SeedPage } from '../../../refs'
import { h, p, richText, ul } from '../../../lexical'
import { pageLinkRow } from '../../links'
import { orderCta } from '../orderCta'

export const taxSearch: SeedPage = {
  key: 'services/tax-search',
  title: 'Property Tax Search',
  slug: 'tax-search',
  parent: 'services',
  seo: {
    title: 'Ohio Property Tax Search and Tax Certificate',
    description:
      'Current and delinquent Ohio real estate taxes, special assessments, exemptions and payment history from the county auditor and treasurer, usually next day.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Property tax search',
      text: 'Current taxes, delinquencies and special assessments for any Ohio parcel, drawn from the county auditor and treasurer, so you can prorate and pay off correctly at closing.',
      actions: [pageLinkRow('Order a tax search', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'How Ohio property taxes work, briefly'),
        p(
          'In Ohio the county auditor values each parcel and calculates the tax, and the county treasurer collects it. Real estate taxes are paid a year in arrears and billed in two halves, with due dates set by each county, commonly early in the year and again in early summer. A closing between those dates needs an accurate picture of what has been paid and what is still owed.',
        ),
        h(3, 'What the search covers'),
        ul([
          'Parcel number, owner of record and tax mailing address',
          'Market and assessed values, and the tax rate applied',
          'Current half-year amounts, due dates and payment status',
          '**Delinquent taxes**, penalties and interest, and whether the parcel is on a payment plan or certified for tax foreclosure',
          '**Special assessments** for items like sewer, water, street lighting, ditch maintenance or demolition, with remaining balances where the county reports them',
          '**Reductions and exemptions** such as the homestead exemption, the owner-occupancy credit and current agricultural use value (CAUV), which can change what a new owner will pay',
        ]),
        h(3, 'Tax certificates'),
        p(
          'Some lenders and title agents need a written statement of the taxes due on a parcel, often called a tax certificate. Where the county treasurer issues one, we request it and attach it. Where the county does not, we attach the official auditor and treasurer records instead and note the date we pulled them.',
        ),
        p(
          'Separately, some Ohio counties sell **tax lien certificates** on delinquent parcels to investors. If one has been sold on your parcel, the report shows the holder and the certificate details the county makes available.',
        ),
        h(3, 'Turnaround'),
        p('Usually the **next business day**, and the same day in most counties when ordered before 11 a.m.'),
      ),
    },
    orderCta('Need tax figures for a closing?', 'Send the parcel number or address and your closing date.'),
  ],
}
