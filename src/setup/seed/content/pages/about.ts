import { mediaRef, type SeedPage } from '../../refs'
import { h, p, richText, ul } from '../../lexical'
import { pageLinkRow } from '../links'
import { orderCta } from './orderCta'

export const about: SeedPage = {
  key: 'about',
  title: 'About',
  slug: 'about',
  seo: {
    title: 'About Our Ohio Title Search Company',
    description:
      'Cardinal Title Research is a Columbus title search company serving all 88 Ohio counties with careful, documented reports for legal and lending work.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'About Cardinal Title Research',
      text: 'A Columbus title search company for people who need the county records read carefully and reported plainly.',
      image: mediaRef('hero-about'),
      actions: [pageLinkRow('Work with us', 'contact'), pageLinkRow('Our services', 'services')],
    },
    {
      blockType: 'richText',
      anchorId: 'story',
      content: richText(
        h(2, 'Our story'),
        p(
          'Cardinal Title Research began as a two-person abstracting office in Columbus, searching mostly for attorneys in Franklin and the surrounding counties. As those clients took on closings farther from home, they kept asking whether we could search there too. Today we cover all 88 Ohio counties with a small team of examiners in Columbus and field abstractors who know their local courthouses.',
        ),
        h(2, 'How we work'),
        p(
          'Each order is assigned to one examiner, who does the search and stays your contact until it is delivered. Full searches are reviewed by a second examiner before they go out. We read the recorded documents themselves, not only the index, because indexes contain mistakes and the details that matter are often in the body of a deed.',
        ),
        h(3, 'Our standards'),
        ul([
          '**Say what we searched.** Every report lists the offices, indexes and dates covered.',
          '**Show our sources.** The documents we rely on are attached, with recording references you can check yourself.',
          '**Flag uncertainty.** Possible name matches, illegible pages and gaps in the record are reported, not smoothed over.',
          '**Protect your information.** Order details are used only to complete your search and are not shared beyond our team and the public offices we search.',
          '**Stay in our lane.** We are not a law firm and do not give legal advice; we give attorneys and underwriters the facts they need to do their part.',
        ]),
        h(2, 'Who we work with'),
        p(
          'Real estate attorneys, banks and credit unions, mortgage lenders, title agencies that need searches outside their home counties, property investors, and homeowners who need a single document or a simple ownership check.',
        ),
      ),
    },
    {
      blockType: 'stats',
      heading: 'How we hold ourselves to account',
      anchorId: 'standards',
      items: [
        {
          label: 'Full searches reviewed by a second examiner',
          percent: 100,
          description: 'Every full title search is checked by someone other than its examiner before delivery.',
        },
        {
          label: 'Reports delivered on or before the promised date',
          percent: 94,
          description: 'Our own count over the past twelve months, rural counties included.',
        },
        {
          label: 'Calls and emails answered the same business day',
          percent: 92,
          description: 'For messages received during office hours, from our own tracking.',
        },
        {
          label: 'Reports that needed no correction after delivery',
          percent: 98,
          description: 'When a correction was needed, we made it at no charge.',
        },
      ],
    },
    orderCta('Let us take the next search off your desk', 'Send one order and judge the report for yourself.'),
  ],
}
