import type { SeedPage } from '../../refs'
import { h, p, richText } from '../../lexical'

export const privacy: SeedPage = {
  key: 'privacy',
  title: 'Privacy Notice',
  slug: 'privacy',
  seo: {
    title: 'Privacy Notice',
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
        p('Write to {email} or call {phone} to ask what we hold about you, or to have it corrected or deleted.'),
      ),
    },
  ],
}
