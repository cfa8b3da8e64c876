import type { Footer, Header, SiteSetting } from '@/payload-types'
import type { GlobalData, SeedData } from '../refs'
import { SEED_BUSINESS } from './business'
import { pageLink, pageLinkRow, urlLinkRow } from './links'

type SeedGlobal<T> = SeedData<GlobalData<T>>

export const SEED_HEADER: SeedGlobal<Header> = {
  items: [
    {
      ...pageLinkRow('Services', 'services'),
      columns: [
        {
          heading: 'Searches',
          links: [
            pageLinkRow('Full title search', 'services/full-title-search'),
            pageLinkRow('Current owner search', 'services/current-owner-search'),
            pageLinkRow('Lien and judgment search', 'services/lien-search'),
            pageLinkRow('Tax search', 'services/tax-search'),
            pageLinkRow('Deed and document copies', 'services/document-copies'),
          ],
        },
        {
          heading: 'Coverage',
          links: [
            pageLinkRow('All 88 counties', 'counties'),
            pageLinkRow('Pricing and turnaround', 'pricing'),
            pageLinkRow('Questions and answers', 'faq'),
          ],
        },
      ],
    },
    {
      ...urlLinkRow('Why us', '/#why-us'),
      columns: [
        {
          heading: 'On this page',
          links: [
            urlLinkRow('Why clients choose us', '/#why-us'),
            urlLinkRow('How ordering works', '/#how-it-works'),
            urlLinkRow('Our numbers', '/#numbers'),
            urlLinkRow('What clients say', '/#reviews'),
          ],
        },
      ],
    },
    pageLinkRow('Counties', 'counties'),
    pageLinkRow('Pricing', 'pricing'),
    pageLinkRow('About', 'about'),
    pageLinkRow('FAQ', 'faq'),
  ],
  cta: { show: true, link: pageLink('Order a search', 'contact') },
}

export const SEED_FOOTER: SeedGlobal<Footer> = {
  columns: [
    {
      heading: 'Services',
      links: [
        pageLinkRow('Full title search', 'services/full-title-search'),
        pageLinkRow('Current owner search', 'services/current-owner-search'),
        pageLinkRow('Lien and judgment search', 'services/lien-search'),
        pageLinkRow('Tax search', 'services/tax-search'),
      ],
    },
    {
      heading: 'Company',
      links: [
        pageLinkRow('About us', 'about'),
        pageLinkRow('Counties we cover', 'counties'),
        pageLinkRow('Pricing', 'pricing'),
        pageLinkRow('Contact', 'contact'),
      ],
    },
    {
      heading: 'Help',
      links: [
        pageLinkRow('Questions and answers', 'faq'),
        pageLinkRow('How a title search works', 'how-a-title-search-works'),
        pageLinkRow('Privacy', 'privacy'),
        { link: { label: 'Call', kind: 'phone' } },
      ],
    },
  ],
  note: 'Cardinal Title Research LLC is a fictional title-search company used for this website. We research public records and report what they show; we are not a law firm and do not give legal advice, and our reports are not title insurance.',
}

/** Regions where analytics and ad storage stay denied until the visitor chooses. */
const EEA_AND_NEIGHBOURS = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'CH',
]
const US_STATES_WITH_PRIVACY_LAWS = [
  'US-CA',
  'US-CO',
  'US-CT',
  'US-VA',
  'US-UT',
  'US-TX',
  'US-OR',
  'US-MT',
  'US-IA',
  'US-DE',
  'US-NH',
  'US-NJ',
  'US-TN',
  'US-MN',
  'US-MD',
  'US-IN',
  'US-KY',
  'US-RI',
  'US-NE',
]

export const SEED_SITE_SETTINGS: SeedGlobal<SiteSetting> = {
  business: {
    name: SEED_BUSINESS.name,
    tagline: 'Title, lien, owner and tax searches in all 88 Ohio counties.',
    state: 'Ohio',
    phone: SEED_BUSINESS.phone,
    email: 'hello@cardinaltitle.example',
    address: { street: '410 Buckeye Row, Suite 200', city: 'Columbus', region: 'OH', postalCode: '43215' },
    openingHours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:00' }],
    hoursNote: 'closed on major holidays',
  },
  contact: {
    recipients: [{ email: 'orders@cardinaltitle.example' }],
    fromAddress: 'website@cardinaltitle.example',
  },
  captcha: { provider: 'altcha' },
  chat: {
    provider: 'builtin',
    language: 'en',
    allowedDomains: [{ domain: 'localhost' }, { domain: '127.0.0.1' }],
  },
  analytics: {
    firstParty: true,
    regionHeader: 'x-visitor-region',
    deniedRegions: [...EEA_AND_NEIGHBOURS, ...US_STATES_WITH_PRIVACY_LAWS],
  },
  appearance: { headerZIndex: 1000 },
}
