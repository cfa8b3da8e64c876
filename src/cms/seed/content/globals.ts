import { pageRef } from '../refs'

const page = (label: string, key: string) => ({ link: { label, kind: 'page' as const, page: pageRef(key) } })
const url = (label: string, href: string) => ({ link: { label, kind: 'url' as const, url: href } })

export const SEED_HEADER = {
  items: [
    {
      ...page('Services', 'services'),
      columns: [
        {
          heading: 'Searches',
          links: [
            page('Full title search', 'services/full-title-search'),
            page('Current owner search', 'services/current-owner-search'),
            page('Lien and judgment search', 'services/lien-search'),
            page('Tax search', 'services/tax-search'),
            page('Deed and document copies', 'services/document-copies'),
          ],
        },
        {
          heading: 'Coverage',
          links: [
            page('All 88 counties', 'counties'),
            page('Pricing and turnaround', 'pricing'),
            page('Questions and answers', 'faq'),
          ],
        },
      ],
    },
    {
      ...url('Why us', '/#why-us'),
      columns: [
        {
          heading: 'On this page',
          links: [
            url('Why clients choose us', '/#why-us'),
            url('How ordering works', '/#how-it-works'),
            url('Our numbers', '/#numbers'),
            url('What clients say', '/#reviews'),
          ],
        },
      ],
    },
    page('Counties', 'counties'),
    page('Pricing', 'pricing'),
    page('About', 'about'),
    page('FAQ', 'faq'),
  ],
  cta: { show: true, link: { label: 'Order a search', kind: 'page' as const, page: pageRef('contact') } },
}

export const SEED_FOOTER = {
  columns: [
    {
      heading: 'Services',
      links: [
        page('Full title search', 'services/full-title-search'),
        page('Current owner search', 'services/current-owner-search'),
        page('Lien and judgment search', 'services/lien-search'),
        page('Tax search', 'services/tax-search'),
      ],
    },
    {
      heading: 'Company',
      links: [
        page('About us', 'about'),
        page('Counties we cover', 'counties'),
        page('Pricing', 'pricing'),
        page('Contact', 'contact'),
      ],
    },
    {
      heading: 'Help',
      links: [
        page('Questions and answers', 'faq'),
        page('How a title search works', 'how-a-title-search-works'),
        page('Privacy', 'privacy'),
        url('Call (614) 555-0142', 'tel:+16145550142'),
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

export const SEED_SITE_SETTINGS = {
  business: {
    name: 'Cardinal Title Research',
    tagline: 'Title, lien, owner and tax searches in all 88 Ohio counties.',
    state: 'Ohio',
    phone: '(614) 555-0142',
    email: 'hello@cardinaltitle.example',
    address: { street: '410 Buckeye Row, Suite 200', city: 'Columbus', region: 'OH', postalCode: '43215' },
    hours: 'Mo-Fr 08:30-17:00',
  },
  contact: {
    recipients: [{ email: 'orders@cardinaltitle.example' }],
    fromAddress: 'website@cardinaltitle.example',
  },
  captcha: { provider: 'altcha' as const },
  chat: {
    provider: 'builtin' as const,
    language: 'en',
    allowedDomains: [{ domain: 'localhost' }, { domain: '127.0.0.1' }],
  },
  analytics: {
    firstParty: true,
    regionHeader: 'x-visitor-region',
    deniedRegions: [...EEA_AND_NEIGHBOURS, ...US_STATES_WITH_PRIVACY_LAWS].map((code) => ({ code })),
  },
  appearance: { headerZIndex: 1000 },
}
