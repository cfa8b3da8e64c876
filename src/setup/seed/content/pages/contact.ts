import { formRef, type SeedPage } from '../../refs'
import { h, p, richText, ul } from '../../lexical'

export const contact: SeedPage = {
  key: 'contact',
  title: 'Contact',
  slug: 'contact',
  seo: {
    title: 'Contact Us and Order an Ohio Title Search',
    description:
      'Order a title, lien, owner or tax search for Ohio property, or ask a question. Call us or use our form, and we reply within one business day.',
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
        p('{address}'),
        ul(['**Phone:** {phone}', '**Email:** {email}', '**Hours:** {hours}']),
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
