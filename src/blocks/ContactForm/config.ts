import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

export const ContactFormBlock: Block = {
  slug: 'contactForm',
  labels: { singular: 'Contact form', plural: 'Contact forms' },
  interfaceName: 'ContactFormBlock',
  fields: [
    { name: 'heading', type: 'text' },
    { name: 'intro', type: 'textarea' },
    { name: 'form', type: 'relationship', relationTo: 'forms', required: true },
    anchorIdField,
  ],
}
