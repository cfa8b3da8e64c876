import type { SeedPage } from '../../refs'
import { orderCta } from './orderCta'

export const faq: SeedPage = {
  key: 'faq',
  title: 'FAQ',
  slug: 'faq',
  seo: {
    title: 'Title Search FAQ for Ohio Property',
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
            'Use the contact form, or email or call us (our contact page lists how). Tell us the property address or parcel number, the county, the owner’s name if you know it, and which search you need. We confirm the price and delivery date before we start.',
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
      'Call us during office hours, or send us a note and we will answer by the next business day.',
    ),
  ],
}
