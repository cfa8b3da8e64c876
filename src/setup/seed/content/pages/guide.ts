import { formRef, mediaRef, type SeedPage } from '../../refs'
import { h, image, looksLike, ol, p, richText, table } from '../../lexical'
import { countyTurnaround, FIELD_VISIT_COUNTIES, OHIO_COUNTIES } from '../counties'
import { pageLinkRow } from '../links'
import { orderCta } from './orderCta'

/**
 * The guide's video: Vimeo's own sample (the one its documentation uses), standing in until the
 * business has a video of its own; a seeded site fetches nothing from Vimeo until Play is pressed.
 */
export const SEED_VIDEO_URL = 'https://vimeo.com/76979871'
export const SEED_VIDEO_TITLE = 'Sample video, standing in for our own'

/** The guide's path: the one seeded page that holds every page element, linked from the footer. */
export const ELEMENTS_GUIDE_PATH = '/how-a-title-search-works'
export const guide: SeedPage = {
  key: 'how-a-title-search-works',
  title: 'How a Title Search Works',
  slug: 'how-a-title-search-works',
  seo: {
    title: 'How an Ohio Title Search Works, Step by Step',
    description:
      'A plain guide to Ohio title searches: which county offices hold the records, what an examiner checks, how long it takes, what it costs and how to order one.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'How a title search works',
      text: 'A guide for buyers, sellers, lenders and their attorneys: where Ohio keeps property records, what an examiner does with them, and what you get back at the end.',
      actions: [pageLinkRow('Order a search', 'contact'), pageLinkRow('See pricing', 'pricing')],
      anchorId: 'guide',
    },
    {
      blockType: 'richText',
      anchorId: 'records',
      content: richText(
        h(2, 'Where the records are'),
        p(
          'Ohio has no single statewide land registry. Each of the 88 counties keeps its own records, and within a county they are split between offices that were set up for different jobs. A title search is mostly the work of knowing which office holds what, and reading each record carefully enough to see how it fits with the others.',
        ),
        table([
          ['County office', 'What it keeps', 'What we look for'],
          [
            'Recorder',
            'Deeds, mortgages, releases, easements, plats, liens filed against the land',
            'The chain of ownership, open mortgages and anything that burdens the parcel',
          ],
          [
            'Auditor',
            'Parcel numbers, tax maps, valuations and transfer history',
            'The parcel’s identity, its legal description and recent transfers',
          ],
          [
            'Treasurer',
            'Tax bills, payments, delinquencies and special assessments',
            'Unpaid taxes and assessments that become a lien on the property',
          ],
          [
            'Clerk of courts',
            'Civil cases, certificates of judgment and foreclosures',
            'Judgment liens against the owners and lawsuits that name the property',
          ],
          [
            'Probate court',
            'Estates, guardianships and certificates of transfer',
            'Transfers after a death that never produced an ordinary deed',
          ],
        ]),
        looksLike('h3', 'Most searches touch at least three of these offices.'),
        p(
          'A quick current owner search may need only the recorder, auditor and treasurer. A full search adds the clerk of courts and, whenever an owner in the chain has died, the probate court.',
        ),
        h(2, 'What the examiner does, step by step'),
        ol([
          '**Identify the parcel.** We match the address to the auditor’s parcel number and the legal description in the last deed, because addresses change and descriptions do not.',
          '**Find the starting point.** For a full search that is the root of title: the most recent transfer that has been on record for at least 40 years.',
          '**Run the chain forward.** Each owner is searched in the grantor index for the years they held title, so that every mortgage, easement or sale they signed turns up.',
          '**Check the owners, not only the land.** Judgment liens attach to everything a person owns in the county, so current owners are searched by name at the clerk of courts.',
          '**Read the documents.** Index entries are summaries; the examiner opens the recorded pages to confirm names, descriptions and releases.',
          '**Write the report.** Open items first, then the vesting deed, then the chain and the documents behind it, with anything we could not verify said plainly.',
        ]),
        image(mediaRef('hero-counties'), '7b2e1d3f0a4c6b8d9e1f2a30'),
        looksLike('h4', 'A search reports the record; it does not insure it.'),
        p(
          'Some problems never reach the public record, such as a forged signature or an heir nobody knew about. That is why lenders require title insurance even when the search is clean, and why we tell you exactly what we searched and up to which date.',
        ),
      ),
    },
    {
      blockType: 'columns',
      heading: 'Three offices, three kinds of record',
      anchorId: 'offices',
      columns: [
        {
          image: mediaRef('hero-services'),
          content: richText(
            h(3, 'The recorder'),
            p(
              'Deeds, mortgages and their releases, easements and plats: the documents that make up the chain of title.',
            ),
          ),
        },
        {
          content: richText(
            h(3, 'The auditor and treasurer'),
            p('The parcel number and legal description, the transfer history, and whether the taxes are paid.'),
          ),
        },
        {
          content: richText(
            h(3, 'The courts'),
            p('Judgments against the owners, foreclosures, and estates that moved the property without a deed.'),
          ),
        },
      ],
    },
    {
      blockType: 'gallery',
      heading: 'What the records look like',
      anchorId: 'records-gallery',
      images: [
        {
          image: mediaRef('hero-services'),
          caption: 'Recorded deeds, each with the recorder’s stamp and book and page.',
        },
        {
          image: mediaRef('hero-counties'),
          caption: 'A subdivision plat: lot lines, the street and a drainage easement.',
        },
        { image: mediaRef('hero-home'), caption: 'Ohio’s 88 counties, each keeping its own records.' },
        { image: mediaRef('hero-about'), caption: 'The county seat, where the older books are kept.' },
      ],
    },
    {
      blockType: 'image',
      image: mediaRef('hero-counties'),
      caption: 'An examiner reads each plat against the deed’s legal description.',
      alignment: 'center',
      anchorId: 'plat',
    },
    {
      blockType: 'video',
      title: SEED_VIDEO_TITLE,
      source: 'host',
      url: SEED_VIDEO_URL,
      poster: mediaRef('hero-home'),
      caption: 'The player loads from Vimeo, with tracking off, only when you press Play.',
      anchorId: 'video',
    },
    {
      blockType: 'stats',
      heading: 'What searches usually turn up',
      anchorId: 'findings',
      items: [
        {
          label: 'Full searches with at least one open mortgage',
          percent: 78,
          description: 'Usually the seller’s own loan, to be paid off and released at closing.',
        },
        {
          label: 'Full searches showing a recorded easement',
          percent: 64,
          description: 'Utility strips, driveways shared with a neighbor, drainage ditches.',
        },
        {
          label: 'Lien searches with a judgment against an owner',
          percent: 12,
          description: 'Often an old credit card or medical debt that attached to the property.',
        },
        {
          label: 'Full searches needing a probate court check',
          percent: 31,
          description: 'An owner in the chain died and the property passed through an estate.',
        },
      ],
    },
    {
      blockType: 'faq',
      heading: 'Questions about the process',
      anchorId: 'process-questions',
      items: [
        {
          question: 'Do I need a full search or a current owner search?',
          anchor: 'guide-which-search',
          answer:
            'If a title insurance policy will be issued, or you are buying the property, a full search is the usual choice. For a refinance, a home equity loan or a quick check before listing, a current owner search covering the vesting deed, open mortgages, liens and taxes is normally enough.',
        },
        {
          question: 'What is a root of title?',
          anchor: 'guide-root-of-title',
          answer:
            'Under Ohio’s Marketable Title Act, it is the most recent transfer of the property that has been on record for at least 40 years. Most older claims that were not preserved by a later recorded notice are cut off, so a full search starts from that deed and works forward.',
        },
        {
          question: 'What happens if the search finds a problem?',
          anchor: 'guide-problem-found',
          answer:
            'The report lists it on the first page with the document attached. Most items, such as an old mortgage without a recorded release, are fixed routinely by the closing agent or an attorney. We explain what the record shows; deciding what to do about it is for you and your attorney.',
        },
        {
          question: 'How current is the report?',
          anchor: 'guide-effective-date',
          answer:
            'Every report has an effective date: the last day the county’s index was complete when we searched. Recording offices run a few days behind, so anything filed after that date is not in the report. A search update brings one of our reports forward to today.',
        },
      ],
    },
    {
      blockType: 'pricingTable',
      heading: 'Choosing a search',
      caption: 'Which search answers which question, with its usual price and turnaround per parcel',
      anchorId: 'choose',
      rows: [
        {
          service: 'Property tax search',
          includes: 'Are the taxes and assessments paid?',
          turnaround: '1 business day',
          price: '$45',
        },
        {
          service: 'Lien and judgment search',
          includes: 'Do the owners have liens or judgments against them?',
          turnaround: '1–2 business days',
          price: '$95',
        },
        {
          service: 'Current owner search',
          includes: 'Who owns it now, and which mortgages are still open?',
          turnaround: '1–2 business days',
          price: '$125',
        },
        {
          service: 'Full title search (40 years)',
          includes: 'Is there anything in the last 40 years that affects a sale?',
          turnaround: '2–4 business days',
          price: '$225',
        },
      ],
      note: 'Residential prices per parcel with up to two owners of record. The pricing page lists every service, rush fees and add-ons.',
    },
    {
      blockType: 'testimonials',
      heading: 'From people who have been through it',
      anchorId: 'experiences',
      items: [
        {
          quote:
            'I had never ordered a title search before buying my first rental. They explained the difference between the searches on the phone and suggested the cheaper one for what I needed.',
          name: 'Jordan K.',
          role: 'First-time property investor',
        },
        {
          quote:
            'The report put the one open item on page one: a 1998 mortgage with no release. The bank found the payoff letter and we closed on schedule.',
          name: 'Angela M.',
          role: 'Home seller in Stark County',
        },
        {
          quote:
            'Our estate file needed every heir in the chain identified. The probate check they added is the part most vendors skip.',
          name: 'Robert F.',
          role: 'Probate attorney',
        },
      ],
    },
    {
      blockType: 'countyList',
      heading: 'Counties where we search in person',
      intro:
        'In these counties older records are kept mostly in courthouse books, so a full search includes a visit by one of our field abstractors. The counties page lists all 88.',
      anchorId: 'in-person',
      counties: OHIO_COUNTIES.filter((county) => FIELD_VISIT_COUNTIES.has(county.name)).map((county) => ({
        name: county.name,
        seat: county.seat,
        turnaround: countyTurnaround(county.name),
      })),
    },
    // Lists nothing (and shows nothing) until the first post is published.
    { blockType: 'latestPosts', heading: 'Latest news', count: 3 },
    orderCta(
      'Ready to start a search?',
      'Send the address or parcel number and the county below. We reply within one business day with the search we suggest, its price and a delivery date.',
      'start',
    ),
    {
      blockType: 'contactForm',
      heading: 'Ask about a property',
      intro: 'Describe the property and what you need to know. Required fields are the ones we need to quote.',
      form: formRef('contact'),
      anchorId: 'ask',
    },
  ],
}
