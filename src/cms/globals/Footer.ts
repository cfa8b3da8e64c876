import type { GlobalConfig } from 'payload'
import { anyone, isContentEditor } from '../access'
import { linkField } from '../fields/link'
import { revalidateEveryPage } from '../revalidate'

export const Footer: GlobalConfig = {
  slug: 'footer',
  access: { read: anyone, update: isContentEditor },
  hooks: { afterChange: [revalidateEveryPage] },
  fields: [
    {
      name: 'columns',
      type: 'array',
      maxRows: 4,
      fields: [
        { name: 'heading', type: 'text', required: true },
        { name: 'links', type: 'array', maxRows: 10, fields: [linkField('link')] },
      ],
    },
    { name: 'note', type: 'textarea', admin: { description: 'Small print under the columns.' } },
  ],
}
