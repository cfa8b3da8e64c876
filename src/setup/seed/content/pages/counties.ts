import { mediaRef, type SeedPage } from '../../refs'
import { h, p, richText, ul } from '../../lexical'
import { countyTurnaround, OHIO_COUNTIES } from '../counties'
import { pageLinkRow } from '../links'
import { orderCta } from './orderCta'

export const counties: SeedPage = {
  key: 'counties',
  title: 'Counties',
  slug: 'counties',
  seo: {
    title: 'Title Searches in All 88 Ohio Counties',
    description:
      'We search property records in every Ohio county, from Adams to Wyandot. See each county seat and our usual turnaround for a standard title search there.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'All 88 Ohio counties',
      text: 'Every Ohio county keeps its own land records at its county seat. We search them all, online where the records allow and in person where they do not.',
      image: mediaRef('hero-counties'),
      actions: [pageLinkRow('Order a search', 'contact'), pageLinkRow('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      anchorId: 'turnaround',
      content: richText(
        h(2, 'How county records shape turnaround'),
        p(
          'Each county recorder decides how far back its online index and document images go. In many larger counties, decades of records can be searched from our office. In others, older volumes are indexed only in books at the courthouse, and a full search means a visit by one of our field abstractors. Those differences, more than the property itself, explain most of the variation in our delivery times.',
        ),
        ul([
          '**1–2 business days:** counties with long online indexes and document images, mostly the larger metropolitan counties.',
          '**2–3 business days:** most counties, where recent records are online and older ones may need a courthouse check.',
          '**3–4 business days:** counties where a full search usually requires work in person.',
        ]),
        p(
          'The times below are for a standard full or current owner search. Tax searches and document copies are faster in nearly every county, and rush service is listed on our pricing page.',
        ),
      ),
    },
    {
      blockType: 'countyList',
      heading: 'Counties and county seats',
      intro:
        'Our usual turnaround for a standard search in each county. We confirm the exact date for your order when we accept it.',
      anchorId: 'county-list',
      counties: OHIO_COUNTIES.map((county) => ({
        name: county.name,
        seat: county.seat,
        turnaround: countyTurnaround(county.name),
      })),
    },
    orderCta(
      'Have a property anywhere in Ohio?',
      'Send us the address or parcel number and the county, and we will confirm the price and delivery date.',
    ),
  ],
}
