import { formRef, mediaRef, pageRef, type SeedPage } from '../refs'
import { h, image, looksLike, ol, p, richText, table, ul } from '../lexical'
import { FIELD_VISIT_COUNTIES, OHIO_COUNTIES, countyTurnaround } from './counties'

/* Link helpers: the shape of the link field in src/cms/fields/link.ts. */
const pageLink = (label: string, key: string) => ({ label, kind: 'page' as const, page: pageRef(key) })
const action = (label: string, key: string) => ({ link: pageLink(label, key) })

const orderCta = (heading: string, text: string, anchorId = 'order') => ({
  blockType: 'callToAction',
  heading,
  text,
  link: pageLink('Order a search', 'contact'),
  anchorId,
})

/* ------------------------------------------------------------------------------------------ */
/* Home                                                                                         */
/* ------------------------------------------------------------------------------------------ */

const home: SeedPage = {
  key: 'home',
  title: 'Home',
  slug: 'home',
  seo: {
    title: 'Ohio Title Searches in All 88 Counties | Cardinal Title Research',
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
      actions: [action('Order a search', 'contact'), action('See our services', 'services')],
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

/* ------------------------------------------------------------------------------------------ */
/* Services and the service pages                                                               */
/* ------------------------------------------------------------------------------------------ */

const services: SeedPage = {
  key: 'services',
  title: 'Services',
  slug: 'services',
  seo: {
    title: 'Title Search Services for Ohio Real Estate | Cardinal Title Research',
    description:
      'Full title searches, current owner searches, lien and judgment searches, tax searches and deed or easement copies for real estate anywhere in Ohio.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Title search services',
      text: 'Five kinds of search cover most of what attorneys, lenders and property owners need before a sale, a refinance or a dispute. Not sure which one fits? Describe the situation and we will suggest the narrowest search that answers your question.',
      image: mediaRef('hero-services'),
      actions: [action('Order a search', 'contact'), action('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      anchorId: 'overview',
      content: richText(
        h(2, 'What we search'),
        p(
          'Every search starts with the parcel: its number in the county auditor’s records, its legal description and its current owner of record. From there, the scope depends on the question you need answered.',
        ),
        ul([
          '**Full title search.** The chain of ownership back at least 40 years, with every mortgage, lien, easement, restriction and court matter of record along the way. Used for sales, new title insurance policies and quiet title actions.',
          '**Current owner search.** The vesting deed, legal description, open mortgages and current tax status. A quick check for refinances, home equity loans and pre-listing reviews.',
          '**Lien and judgment search.** Liens recorded against the property and judgment liens against its owners filed with the clerk of courts, including federal and state tax liens.',
          '**Property tax search.** Current and delinquent taxes, special assessments, exemptions and payment history from the county auditor and treasurer.',
          '**Deed and easement copies.** Copies of specific recorded documents, such as a deed, an easement, a right-of-way, a plat or a set of restrictions.',
        ]),
        h(3, 'Who orders from us'),
        p(
          'Most of our work comes from real estate attorneys, community banks and credit unions, title agencies that need coverage outside their home counties, and investors buying at auction. Homeowners are welcome too. We will explain what a report shows in plain terms, although we cannot advise you on what to do about it.',
        ),
        h(3, 'What every report includes'),
        ul([
          'The parcel number, property address and full legal description as last recorded',
          'The current owner of record and how title is held',
          'A list of every item found, with recording dates and instrument numbers or volume and page',
          'Copies of the documents we relied on, attached to the PDF',
          'The period the search covers, ending on its effective date, and the offices searched',
          'Notes on anything we could not verify',
        ]),
      ),
    },
    orderCta(
      'Ready to order?',
      'Send us the property details and the search you need. We confirm the price and the delivery date before we start.',
    ),
  ],
}

const fullTitleSearch: SeedPage = {
  key: 'services/full-title-search',
  title: 'Full Title Search',
  slug: 'full-title-search',
  parent: 'services',
  seo: {
    title: 'Full Title Search (40+ Years) in Ohio | Cardinal Title Research',
    description:
      'A 40-year-plus Ohio title search tracing the chain of ownership, with mortgages, liens, easements and court matters of record and copies of key documents.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Full title search',
      text: 'A search of the property’s recorded history back at least 40 years, for sales, new owner’s or lender’s policies, and any transaction where you need the whole picture.',
      actions: [action('Order a full search', 'contact'), action('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'What a full search covers'),
        p(
          'Under Ohio’s Marketable Title Act, a title examination usually starts from the “root of title”: the most recent transfer that has been on record for at least 40 years. Our standard full search begins at that deed and follows every transfer forward to today. If the chain is short or unusual, we go further back and explain why.',
        ),
        ul([
          '**Chain of title.** Each deed, land contract, probate certificate of transfer and court-ordered transfer, in order, with grantors, grantees and recording references.',
          '**Mortgages and releases.** Every mortgage recorded against the property during the search period, and whether a release or satisfaction was recorded.',
          '**Liens.** Mechanic’s liens, federal tax liens, and liens filed by the county, a municipality or a homeowners association.',
          '**Judgments and court cases.** Certificates of judgment against the current owners at the clerk of courts, and open foreclosure, partition or quiet title cases naming the property.',
          '**Easements and restrictions.** Recorded easements, rights-of-way, covenants, declarations and subdivision plats that affect the parcel.',
          '**Taxes and assessments.** Current tax status and any special assessments, from the county auditor and treasurer.',
        ]),
        image(mediaRef('hero-services'), '6a1f0c2e9b4d7a3c5e8f1b20'),
        h(3, 'What you receive'),
        p(
          'A PDF report organized the way an examiner or underwriter reads it: the vesting deed and legal description first, then open items that need attention at closing, then the full chain and the documents behind it. Copies of the vesting deed, open mortgages, liens, easements and restrictions are attached.',
        ),
        h(3, 'Turnaround'),
        p(
          'Most full searches are delivered in **2 to 4 business days**. Counties whose older records are indexed only in courthouse books, and properties with many transfers or a recent estate, can take longer. We give you a firm date when we accept the order.',
        ),
        h(3, 'When to order one'),
        ul([
          'Before a purchase, when a title insurance commitment will be issued',
          'For a quiet title, partition or foreclosure action that needs every interested party identified',
          'For commercial loans, or lenders that require a full search instead of a current owner report',
          'When an earlier search is old, incomplete or was done for another purpose',
        ]),
      ),
    },
    {
      blockType: 'faq',
      heading: 'Questions about full searches',
      anchorId: 'questions',
      items: [
        {
          question: 'Why 40 years?',
          anchor: 'full-why-40-years',
          answer:
            'Ohio’s Marketable Title Act generally cuts off older interests that were not preserved of record, and a 40-year search reaches the root of title that an examination relies on. Some interests survive the Act, such as certain easements, utility and railroad rights and some mineral interests, so we report older recorded easements we come across and can extend the search on request.',
        },
        {
          question: 'Can you search further back?',
          anchor: 'full-extended',
          answer:
            'Yes. We can trace the chain back 60 years, to the original subdivision plat, or to the land patent. Extended searches are quoted per order because the effort depends on the county and the property.',
        },
        {
          question: 'Is a full search the same as title insurance?',
          anchor: 'full-vs-insurance',
          answer:
            'No. A search reports what is in the public record. Title insurance is a policy issued by an insurer, usually through a title agent, that protects against covered defects, including some that no search can find, such as a forged signature. Many of our clients are title agents who use our search to issue that policy.',
        },
        {
          question: 'Do you give an opinion on the title?',
          anchor: 'full-opinion',
          answer:
            'We report the records and point out items that usually need attention, but we do not issue legal opinions on title. That is the role of an attorney or a title insurance underwriter.',
        },
      ],
    },
    orderCta(
      'Need a full search?',
      'Send the address or parcel number and your closing date, and we will confirm a delivery date.',
    ),
  ],
}

const currentOwnerSearch: SeedPage = {
  key: 'services/current-owner-search',
  title: 'Current Owner Search',
  slug: 'current-owner-search',
  parent: 'services',
  seo: {
    title: 'Current Owner Search for Ohio Property | Cardinal Title Research',
    description:
      'Confirm who owns an Ohio property, how title is held and which mortgages remain open, with the vesting deed and tax status, usually in 1 to 2 business days.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Current owner search',
      text: 'A focused report on who holds title today and what has been recorded against the property since they acquired it. The usual choice for refinances, home equity loans and pre-listing checks.',
      actions: [action('Order an owner search', 'contact'), action('See pricing', 'pricing')],
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

const lienSearch: SeedPage = {
  key: 'services/lien-search',
  title: 'Lien and Judgment Search',
  slug: 'lien-search',
  parent: 'services',
  seo: {
    title: 'Lien and Judgment Search in Ohio | Cardinal Title Research',
    description:
      'Find mortgages, mechanic’s liens, tax liens and judgment liens against Ohio property or its owners, checked at both the county recorder and the clerk of courts.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Lien and judgment search',
      text: 'A search for claims that could follow the property or its owner to the closing table: mortgages, mechanic’s liens, tax liens and judgments, checked at every county office where Ohio files them.',
      actions: [action('Order a lien search', 'contact'), action('See pricing', 'pricing')],
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

const taxSearch: SeedPage = {
  key: 'services/tax-search',
  title: 'Property Tax Search',
  slug: 'tax-search',
  parent: 'services',
  seo: {
    title: 'Ohio Property Tax Search and Tax Certificate | Cardinal Title Research',
    description:
      'Current and delinquent Ohio real estate taxes, special assessments, exemptions and payment history from the county auditor and treasurer, usually next day.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Property tax search',
      text: 'Current taxes, delinquencies and special assessments for any Ohio parcel, drawn from the county auditor and treasurer, so you can prorate and pay off correctly at closing.',
      actions: [action('Order a tax search', 'contact'), action('See pricing', 'pricing')],
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

const documentCopies: SeedPage = {
  key: 'services/document-copies',
  title: 'Deed and Easement Copies',
  slug: 'document-copies',
  parent: 'services',
  seo: {
    title: 'Ohio Deed and Easement Copies | Cardinal Title Research',
    description:
      'Copies of recorded deeds, easements, plats, restrictions and other documents from any Ohio county recorder, located for you and delivered as clear PDF files.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Deed and easement copies',
      text: 'Need one recorded document rather than a whole search? We find it in the county recorder’s records and send you a clean copy, certified if you need it.',
      actions: [action('Request a copy', 'contact'), action('See pricing', 'pricing')],
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'Documents we retrieve'),
        ul([
          'Deeds, including older deeds recorded in bound volumes',
          'Easements and rights-of-way for utilities, access, drainage and pipelines',
          'Subdivision plats and recorded surveys',
          'Declarations, covenants and deed restrictions, with their amendments',
          'Mortgages, assignments and releases',
          'Land contracts, affidavits and recorded powers of attorney',
        ]),
        h(3, 'What we need from you'),
        p(
          'The more you can tell us, the faster we find it: the property address or parcel number, an owner’s name and an approximate date, or a volume and page or instrument number from another document that mentions it. If all you have is a reference in an old deed, send that.',
        ),
        h(3, 'Certified copies'),
        p(
          'Courts and some agencies require copies certified by the county recorder. We can order those for you; the county’s certification fee is passed through at cost.',
        ),
        h(3, 'Turnaround'),
        p(
          'Documents the county has online are usually delivered the **same or next business day**. Older documents kept only in courthouse books take **2 to 4 business days**, depending on the county.',
        ),
      ),
    },
    orderCta(
      'Looking for a specific document?',
      'Tell us what you know about it, and we will tell you what it costs to find.',
    ),
  ],
}

/* ------------------------------------------------------------------------------------------ */
/* Counties                                                                                     */
/* ------------------------------------------------------------------------------------------ */

const counties: SeedPage = {
  key: 'counties',
  title: 'Counties',
  slug: 'counties',
  seo: {
    title: 'Title Searches in All 88 Ohio Counties | Cardinal Title Research',
    description:
      'We search property records in every Ohio county, from Adams to Wyandot. See each county seat and our usual turnaround for a standard title search there.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'All 88 Ohio counties',
      text: 'Every Ohio county keeps its own land records at its county seat. We search them all, online where the records allow and in person where they do not.',
      image: mediaRef('hero-counties'),
      actions: [action('Order a search', 'contact'), action('See pricing', 'pricing')],
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

/* ------------------------------------------------------------------------------------------ */
/* Pricing                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const pricing: SeedPage = {
  key: 'pricing',
  title: 'Pricing',
  slug: 'pricing',
  seo: {
    title: 'Title Search Pricing in Ohio | Cardinal Title Research',
    description:
      'Flat prices for Ohio title searches: current owner, full 40-year, lien, tax and document copy searches, with rush fees and add-ons listed up front.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Straightforward pricing',
      text: 'Flat prices for standard residential searches in every Ohio county, with ordinary county copy fees included. Commercial properties and unusual requests are quoted before we start.',
      actions: [action('Order a search', 'contact'), action('Compare services', 'services')],
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

/* ------------------------------------------------------------------------------------------ */
/* FAQ                                                                                          */
/* ------------------------------------------------------------------------------------------ */

const faq: SeedPage = {
  key: 'faq',
  title: 'FAQ',
  slug: 'faq',
  seo: {
    title: 'Title Search FAQ for Ohio Property | Cardinal Title Research',
    description:
      'Answers about Ohio title searches: what they cover, how long they take, what they cost, how to order, and how a title search differs from title insurance.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Frequently asked questions',
      text: 'Plain answers about title searches, turnaround, pricing and what we can and cannot do for you. If your question is not here, call or write to us.',
    },
    {
      blockType: 'faq',
      anchorId: 'questions',
      items: [
        {
          question: 'What is a title search?',
          anchor: 'faq-what-is-a-title-search',
          answer:
            'A title search is a review of public records to find out who owns a property and what claims, restrictions and debts are recorded against it. In Ohio those records sit in several county offices: the recorder for deeds and mortgages, the auditor and treasurer for taxes, and the clerk of courts for judgments and lawsuits. A search pulls them together into one report.',
        },
        {
          question: 'Why does a lender or buyer need one?',
          anchor: 'faq-why-needed',
          answer:
            'A lender wants to know its mortgage will have the priority it expects, and a buyer wants to know the seller can actually deliver clear title. An old unreleased mortgage, a judgment against the seller or an easement across the back yard is far easier to deal with before closing than after.',
        },
        {
          question: 'How long does a search take?',
          anchor: 'faq-turnaround',
          answer:
            'Most tax searches are delivered the next business day, current owner and lien searches in 1 to 2 business days, and full 40-year searches in 2 to 4 business days. The county matters most; our counties page lists the usual time for each one, and rush service is available.',
        },
        {
          question: 'Which counties do you cover?',
          anchor: 'faq-counties',
          answer:
            'All 88 Ohio counties. We search online where a county’s records allow it and send a field abstractor to the courthouse where they do not. We do not search property outside Ohio.',
        },
        {
          question: 'How do I order a search?',
          anchor: 'faq-how-to-order',
          answer:
            'Use the contact form, email hello@cardinaltitle.example or call (614) 555-0142. Tell us the property address or parcel number, the county, the owner’s name if you know it, and which search you need. We confirm the price and delivery date before we start.',
        },
        {
          question: 'What information do you need from me?',
          anchor: 'faq-what-we-need',
          answer:
            'At a minimum, the property address or the auditor’s parcel number and the county. For a lien search, the owners’ full names help. For a full search, mention anything you already know, such as a recent estate, divorce or foreclosure, because it changes where we look.',
        },
        {
          question: 'Is a title search the same as title insurance?',
          anchor: 'faq-title-insurance',
          answer:
            'No. A search reports what the records show as of a given date. Title insurance is a policy from an insurer that covers certain losses from title defects, including some that no search would reveal. We do not sell title insurance, but many title agencies use our searches when they issue it.',
        },
        {
          question: 'Can you tell me whether the title is good?',
          anchor: 'faq-legal-advice',
          answer:
            'We can tell you what is of record and point out items that are usually resolved at closing, such as an open mortgage. We cannot give legal advice or an opinion on title, because we are not a law firm. For that, please talk to an Ohio real estate attorney.',
        },
        {
          question: 'How much does it cost, and how do I pay?',
          anchor: 'faq-payment',
          answer:
            'Standard searches range from $45 for a tax search to $225 for a full residential title search, and our pricing page lists every option. We send the invoice with the report, payable by card, ACH or check. Regular clients can be set up with monthly invoicing.',
        },
        {
          question: 'What if you miss something?',
          anchor: 'faq-errors',
          answer:
            'Every report is checked against a written checklist, and a second examiner reviews each full search before delivery. If you find an error, tell us: we correct the report at no charge and explain what went wrong. A search is not insurance, which is one reason buyers and lenders also rely on a title policy.',
        },
      ],
    },
    orderCta(
      'Still have a question?',
      'Call (614) 555-0142 on weekdays between 8:30 a.m. and 5 p.m., or send us a note and we will answer by the next business day.',
    ),
  ],
}

/* ------------------------------------------------------------------------------------------ */
/* About                                                                                        */
/* ------------------------------------------------------------------------------------------ */

const about: SeedPage = {
  key: 'about',
  title: 'About',
  slug: 'about',
  seo: {
    title: 'About Cardinal Title Research | Ohio Title Search Company',
    description:
      'Cardinal Title Research is a Columbus title search company serving all 88 Ohio counties with careful, documented reports for legal and lending work.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'About Cardinal Title Research',
      text: 'A Columbus title search company for people who need the county records read carefully and reported plainly.',
      image: mediaRef('hero-about'),
      actions: [action('Work with us', 'contact'), action('Our services', 'services')],
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

/* ------------------------------------------------------------------------------------------ */
/* Contact                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const contact: SeedPage = {
  key: 'contact',
  title: 'Contact',
  slug: 'contact',
  seo: {
    title: 'Contact Us and Order an Ohio Title Search | Cardinal Title Research',
    description:
      'Order a title, lien, owner or tax search for Ohio property, or ask a question. Call (614) 555-0142 or use our form, and we reply within one business day.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Order a search or ask a question',
      text: 'Send us the property details and what you need. We confirm the price and the delivery date before any work begins.',
    },
    {
      blockType: 'richText',
      anchorId: 'office',
      content: richText(
        h(2, 'Our office'),
        p('**Cardinal Title Research LLC**'),
        p('410 Buckeye Row, Suite 200, Columbus, OH 43215'),
        ul([
          '**Phone:** (614) 555-0142',
          '**Email:** hello@cardinaltitle.example',
          '**Hours:** Monday to Friday, 8:30 a.m. to 5:00 p.m. Eastern time, closed on major holidays',
        ]),
        p(
          'Office visits are by appointment, since our examiners are often at county offices. Orders and questions sent by phone, email or the form below all reach the same team.',
        ),
        h(3, 'What to include in your request'),
        ul([
          'The property address or the auditor’s parcel number',
          'The county',
          'The owners’ names, if you know them',
          'The search you need and your deadline',
        ]),
      ),
    },
    {
      blockType: 'contactForm',
      heading: 'Send us your request',
      intro:
        'Fields marked as required are the ones we need to quote your order. We use your details only to answer this request.',
      form: formRef('contact'),
      anchorId: 'order-form',
    },
  ],
}

/* ------------------------------------------------------------------------------------------ */
/* Privacy                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const privacy: SeedPage = {
  key: 'privacy',
  title: 'Privacy Notice',
  slug: 'privacy',
  seo: {
    title: 'Privacy Notice | Cardinal Title Research',
    description:
      'How Cardinal Title Research handles what you send through this website: contact form details, visit statistics, spam protection and how to reach us.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'Privacy notice',
      text: 'How this website and our team handle the information you send us.',
    },
    {
      blockType: 'richText',
      content: richText(
        h(2, 'What we collect'),
        p(
          'When you use the contact form, we receive what you enter: your name and email address, your phone number and company if you give them, and the details of the property and your request. We use this only to answer you and, if you place an order, to complete and invoice the search.',
        ),
        h(2, 'Visit statistics'),
        p(
          'The site counts page visits with its own statistics, which do not use cookies and do not identify you. If we use any optional analytics and the law where you are requires consent, we ask before turning them on.',
        ),
        h(2, 'Spam protection and chat'),
        p(
          'The contact form is protected by a check that your browser completes automatically, without tracking you across other sites. If you use the chat window, we keep your messages so we can reply and follow up on your request.',
        ),
        h(2, 'Sharing and retention'),
        p(
          'We do not sell personal information. We share order details only with the public offices and courts we must search to complete your order, and with the providers that host this website and our email. Messages that do not lead to an order are deleted after 24 months.',
        ),
        h(2, 'Questions'),
        p(
          'Write to hello@cardinaltitle.example or call (614) 555-0142 to ask what we hold about you, or to have it corrected or deleted.',
        ),
      ),
    },
  ],
}

/* ------------------------------------------------------------------------------------------ */
/* Guide: how a title search works (a page that uses every page element)                       */
/* ------------------------------------------------------------------------------------------ */

/** The guide's path: the one seeded page that holds every page element, linked from the footer. */
export const ELEMENTS_GUIDE_PATH = '/how-a-title-search-works'

const guide: SeedPage = {
  key: 'how-a-title-search-works',
  title: 'How a Title Search Works',
  slug: 'how-a-title-search-works',
  seo: {
    title: 'How an Ohio Title Search Works, Step by Step | Cardinal Title Research',
    description:
      'A plain guide to Ohio title searches: which county offices hold the records, what an examiner checks, how long it takes, what it costs and how to order one.',
  },
  layout: [
    {
      blockType: 'hero',
      heading: 'How a title search works',
      text: 'A guide for buyers, sellers, lenders and their attorneys: where Ohio keeps property records, what an examiner does with them, and what you get back at the end.',
      actions: [action('Order a search', 'contact'), action('See pricing', 'pricing')],
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

/** Parents come before their children, so the seed runner can resolve `parent`. */
export const SEED_PAGES: SeedPage[] = [
  home,
  services,
  fullTitleSearch,
  currentOwnerSearch,
  lienSearch,
  taxSearch,
  documentCopies,
  counties,
  pricing,
  faq,
  about,
  contact,
  privacy,
  guide,
]
