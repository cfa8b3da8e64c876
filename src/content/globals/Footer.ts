import type { GlobalConfig } from 'payload'
import { anyone, isContentEditor } from '@/platform/access'
import { linkField } from '../fields/link'
import { menuRows } from '../menus/fields'
import { dropDeadMenuLinks } from '../menus/hooks'
import { revalidateEveryPage } from '../revalidate'

export const Footer: GlobalConfig = {
  slug: 'footer',
  access: { read: anyone, update: isContentEditor },
  hooks: { beforeValidate: [dropDeadMenuLinks], afterChange: [revalidateEveryPage] },
  fields: [
    menuRows(
      {
        name: 'columns',
        type: 'array',
        maxRows: 4,
        fields: [
          { name: 'heading', type: 'text', required: true },
          menuRows({ name: 'links', type: 'array', maxRows: 10, fields: [linkField('link')] }),
        ],
      },
      'columns',
    ),
    { name: 'note', type: 'textarea', admin: { description: 'Small print under the columns.' } },
  ],
}
