import type { GlobalConfig } from 'payload'
import { anyone, isContentEditor } from '@/platform/access'
import { linkField } from '../fields/link'
import { headerCtaLink, headerItemLink, menuRows } from '../menus/fields'
import { dropDeadMenuLinks } from '../menus/hooks'
import { revalidateEveryPage } from '../revalidate'

export const Header: GlobalConfig = {
  slug: 'header',
  access: { read: anyone, update: isContentEditor },
  hooks: { beforeValidate: [dropDeadMenuLinks], afterChange: [revalidateEveryPage] },
  fields: [
    menuRows({
      name: 'items',
      type: 'array',
      maxRows: 8,
      admin: { description: 'Top-level menu entries. Add columns to turn one into a mega menu.' },
      fields: [
        headerItemLink,
        menuRows(
          {
            name: 'columns',
            type: 'array',
            maxRows: 4,
            fields: [
              { name: 'heading', type: 'text' },
              menuRows({ name: 'links', type: 'array', minRows: 1, maxRows: 12, fields: [linkField('link')] }),
            ],
          },
          'columns',
        ),
      ],
    }),
    {
      name: 'cta',
      label: 'Call to action',
      type: 'group',
      fields: [{ name: 'show', label: 'Show the call to action', type: 'checkbox', defaultValue: true }, headerCtaLink],
    },
  ],
}
