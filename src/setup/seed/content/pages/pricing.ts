import type { SeedPage } from '../../refs'
import { h, p, richText, table } from '../../lexical'
import { pageLinkRow } from '../links'
import { orderCta } from './orderCta'

export const pricing: SeedPage = {
  key: 'pricing',
  title: 'Pricing',
  slug: 'pricing',
  seo: {
    title: 'Title Search Pricing in Ohio',
    description:
      'Flat prices for Ohio title searches: current owner, full 40-year, lien, tax and document copy searches, with rush fees and add-ons listed up front.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Straightforward pricing',
      text: 'Flat prices for standard residential searches in every Ohio county, with ordinary county copy fees included. Commercial properties and unusual requests are quoted before we start.',
      actions: [pageLinkRow('Order a search', 'contact'), pageLinkRow('Compare services', 'services')],
    },
    {
      blockType: 'pricingTable',
      heading: 'Standard searches',
      caption: 'Price and usual turnaround for each standard search, per parcel',
      anchorId: 'prices',
      rows: [
        {
          service: 'Property tax search',
          includes: 'Current and delinquent taxes, special assessments, exemptions, treasurer’s statement where issued',
          turnaround: '1 business day',
          price: '$45',
        },
        {
          service: 'Deed or easement copy',
          includes: 'One recorded document located and delivered as a PDF',
          turnaround: 'Same day to 4 business days',
          price: '$25 per document',
        },
        {
          service: 'Lien and judgment search',
          includes: 'Recorder liens, clerk of courts judgments and tax liens for the current owners',
          turnaround: '1–2 business days',
          price: '$95',
        },
        {
          service: 'Current owner search',
          includes: 'Vesting deed, legal description, open mortgages, liens and tax status',
          turnaround: '1–2 business days',
          price: '$125',
        },
        {
          service: 'Full title search (40 years)',
          includes: 'Chain of title, mortgages, liens, judgments, easements, restrictions, taxes and document copies',
          turnaround: '2–4 business days',
          price: '$225',
        },
        {
          service: 'Commercial full search',
          includes: 'Full search for commercial, industrial or multi-parcel properties',
          turnaround: '3–5 business days',
          price: 'From $375',
        },
        {
          service: 'Search update',
          includes: 'Brings one of our own earlier reports forward from its effective date to today',
          turnaround: '1 business day',
          price: '$60',
        },
      ],
      note: 'Prices are per parcel for a residential property with up to two owners of record. Ordinary county copy fees are included; certified copy fees are passed through at cost. Invoices are due within 30 days, by card, ACH or check.',
    },
    {
      blockType: 'richText',
      anchorId: 'add-ons',
      content: richText(
        h(2, 'Rush service and add-ons'),
        p(
          'Add these to any order. Rush delivery depends on the county’s records being available online; if we cannot meet a rush date, we tell you when you order and do not charge the rush fee.',
        ),
        table([
          ['Option', 'What it means', 'Price'],
          ['Next-day rush', 'Delivered by 5 p.m. on the next business day', '+$50'],
          ['Same-day rush', 'Ordered by 11 a.m., delivered by 5 p.m. the same day', '+$95'],
          ['Additional parcel', 'An adjoining parcel with the same owner, on the same order', '+$40'],
          ['Additional name', 'Judgment search on one more person or company', '+$20'],
          ['Extended search', 'Chain traced beyond 40 years, to 60 years or to the original plat', 'From $100'],
          ['Certified copy', 'County recorder’s certification on one document', 'County fee + $10'],
        ]),
        p(
          'Attorneys, lenders and title agencies that send us ten or more orders a month can ask for volume pricing and monthly invoicing.',
        ),
      ),
    },
    orderCta(
      'Want an exact quote?',
      'Send the property details and we will confirm the total, including any add-ons, before any work begins.',
    ),
  ],
}
