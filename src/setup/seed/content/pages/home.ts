import { mediaRef, type SeedPage } from '../../refs'
import { h, ol, p, richText, ul } from '../../lexical'
import { pageLinkRow } from '../links'
import { orderCta } from './orderCta'

export const home: SeedPage = {
  key: 'home',
  title: 'Home',
  slug: 'home',
  seo: {
    title: 'Ohio Title Searches in All 88 Counties',
    description:
      'Title, lien, owner and tax searches for Ohio real estate, delivered as clear reports with document copies for attorneys, lenders and title agencies statewide.',
    image: mediaRef('og-default'),
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Ohio title searches, done carefully and delivered on time',
      text: 'Cardinal Title Research examines county records in all 88 Ohio counties for attorneys, lenders, title agencies, investors and homeowners. You get a clear report, copies of the documents behind it, and a person to call with questions.',
      image: mediaRef('hero-home'),
      actions: [pageLinkRow('Order a search', 'contact'), pageLinkRow('See our services', 'services')],
      anchorId: 'intro',
    },
    {
      blockType: 'richText',
      anchorId: 'why-us',
      content: richText(
        h(2, 'Why clients send us their Ohio searches'),
        p(
          'A title search answers a simple question with a lot of paperwork behind it: who owns this property, and what claims are recorded against it? In Ohio the answer is spread across several offices in each county: the recorder, the auditor, the treasurer, the clerk of courts and sometimes the probate court. Each keeps its records a little differently. We know those differences, and we read the documents themselves, not just the index.',
        ),
        h(3, 'What sets our work apart'),
        ul([
          '**Every county, one standard.** Whether the parcel is in Franklin County or Monroe County, the report follows the same layout and checklist, so your team knows where to look.',
          '**Documents, not just summaries.** Each report comes with copies of the vesting deed, open mortgages and any liens we list, so you can check what we found.',
          '**Examiners who pick up the phone.** The person who did your search is the person who calls back when you have a question about it.',
          '**Honest about gaps.** If a record is missing, hard to read or open to more than one reading, the report says so instead of leaving it out.',
        ]),
        p(
          'We are a search company, not a law firm or a title insurer. Our reports give attorneys, underwriters and buyers the facts of record; the legal conclusions remain theirs to draw.',
        ),
      ),
    },
    {
      blockType: 'richText',
      anchorId: 'how-it-works',
      content: richText(
        h(2, 'How ordering works'),
        ol([
          '**Send the details.** Use the contact form, email or phone. Tell us the property address or parcel number, the county, the owner’s name if you know it, and the search you need.',
          '**Get a price and a date.** We confirm the fee and the delivery date before any work starts, usually within a couple of hours during office hours.',
          '**We search the records.** An examiner works through every county office that holds records for your search, online where the county allows it and in person where it does not.',
          '**Receive your report.** A PDF report arrives by email with the key documents attached, along with an invoice you can pay by card, ACH or check.',
        ]),
      ),
    },
    {
      blockType: 'stats',
      heading: 'By the numbers',
      anchorId: 'numbers',
      items: [
        {
          label: 'Standard orders delivered within two business days',
          percent: 86,
          description:
            'From our own order log for the past twelve months. Full searches in rural counties take longer.',
        },
        {
          label: 'Ohio counties we search',
          percent: 100,
          description: 'All 88, from Adams to Wyandot, online or at the courthouse.',
        },
        {
          label: 'Reports sent with copies of the documents cited',
          percent: 100,
          description: 'Vesting deeds, open mortgages and recorded liens are attached, not just listed.',
        },
        {
          label: 'Orders placed by returning clients',
          percent: 71,
          description: 'Share of last year’s orders that came from clients who had ordered before.',
        },
      ],
    },
    {
      blockType: 'testimonials',
      heading: 'What clients say',
      anchorId: 'reviews',
      items: [
        {
          quote:
            'We send Cardinal our closings in counties outside central Ohio. The reports read the same whether the property is in Cuyahoga or Vinton, which makes my review much faster.',
          name: 'Dana R.',
          role: 'Real estate attorney',
        },
        {
          quote:
            'Their lien searches include the judgment index at the clerk of courts, not only what is filed with the recorder. That has kept at least one surprise away from our closing table.',
          name: 'Marcus T.',
          role: 'Closing manager at a community bank',
        },
        {
          quote:
            'When a deed in the chain had a legal description that did not match the plat, they flagged it on the first page and attached both documents. That is exactly what I want from a search vendor.',
          name: 'Priya S.',
          role: 'Title examiner at a title agency',
        },
        {
          quote:
            'I buy a few rental houses a year at sheriff’s sales. An owner and lien search before I bid costs far less than one bad surprise afterwards.',
          name: 'Greg L.',
          role: 'Residential property investor',
        },
        {
          quote:
            'I only needed a copy of an old drainage easement to settle a question with a neighbor. They found it, told me where it was recorded and did not try to sell me anything else.',
          name: 'Ellen W.',
          role: 'Homeowner in Licking County',
        },
      ],
    },
    orderCta(
      'Have an Ohio property that needs a search?',
      'Tell us the address or parcel number, the county and what you need. We reply within one business day with a price and a delivery date.',
      'get-started',
    ),
  ],
}
