// The menus' fields as the admin shows them: rows named by their link text and folded at first,
// and the two links that may be left without a page.
import type { ArrayField, Field, GroupField, Validate } from 'payload'
import { linkField } from '../fields/link'

/** Admin components, by the path the import map knows them by (src/app/(payload)/admin/importMap.js). */
export const LINK_ROW_LABEL = '/content/menus/MenuRowLabels#LinkRowLabel'
export const COLUMN_ROW_LABEL = '/content/menus/MenuRowLabels#ColumnRowLabel'
export const IN_MENUS_NOTE = '/content/menus/InMenusNote#InMenusNote'

type Rows = 'links' | 'columns'

/** An array of the menus, folded when the form opens and each row labelled by what it holds. */
export function menuRows(field: ArrayField, rows: Rows = 'links'): ArrayField {
  return {
    ...field,
    admin: {
      ...field.admin,
      initCollapsed: true,
      components: { ...field.admin?.components, RowLabel: rows === 'links' ? LINK_ROW_LABEL : COLUMN_ROW_LABEL },
    },
  }
}

type MenuData = { items?: { columns?: unknown[] | null }[] | null; cta?: { show?: boolean | null } | null }

/** A link whose page may stay empty when `pageOptional` says so; otherwise the link field's own rule. */
function linkWithOptionalPage(
  pageOptional: (data: MenuData, path: (string | number)[]) => boolean,
  description: string,
): Field {
  const group = linkField('link') as GroupField
  return {
    ...group,
    fields: group.fields.map((field) => {
      if (!('name' in field) || field.name !== 'page' || field.type !== 'relationship') return field
      const ownRule = field.validate as Validate
      return {
        ...field,
        admin: { ...field.admin, description },
        validate: ((value, options) =>
          pageOptional(options.data as MenuData, options.path) ? true : ownRule(value, options)) as Validate,
      } as Field
    }),
  }
}

/** A top-level header entry with columns may be a heading that only opens them. */
export const headerItemLink = linkWithOptionalPage((data, path) => {
  const item = data.items?.[Number(path[1])]
  return Boolean(item?.columns?.length)
}, 'May stay empty when the entry has columns: it then only opens them.')

/** A hidden call to action needs no page. */
export const headerCtaLink = linkWithOptionalPage(
  (data) => data.cta?.show === false,
  'May stay empty while the call to action is hidden.',
)
