import type { Field } from 'payload'
import { isSafeLinkUrl } from './safeUrl'
import { notSearchText } from './searchText'
import { PAGES_WITH_A_TITLE } from '../collections/pageBeingMade'

export const LINK_KINDS = ['page', 'url', 'anchor', 'phone', 'email'] as const

const ANCHOR_PATTERN = /^#[A-Za-z][\w-]*$/

/** A link an editor can point at a page, an address, an anchor on the current page, or our phone or email. */
export function linkField(name = 'link', { withLabel = true }: { withLabel?: boolean } = {}): Field {
  const fields: Field[] = [
    {
      name: 'kind',
      label: 'Links to',
      type: 'radio',
      defaultValue: 'page',
      options: [
        { label: 'Page', value: 'page' },
        { label: 'Address (URL)', value: 'url' },
        { label: 'Anchor on this page', value: 'anchor' },
        { label: 'Our phone (from settings)', value: 'phone' },
        { label: 'Our email (from settings)', value: 'email' },
      ],
      admin: {
        layout: 'horizontal',
        description:
          'Our phone or email: the link calls or writes to what site settings hold, and shows its label followed by the number or address.',
      },
    },
    {
      name: 'page',
      type: 'relationship',
      relationTo: 'pages',
      filterOptions: PAGES_WITH_A_TITLE,
      admin: { condition: (_, sibling) => sibling?.kind === 'page' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
        siblingData?.kind !== 'page' || value ? true : 'Choose a page.',
    },
    {
      name: 'url',
      label: 'Web address',
      type: 'text',
      ...notSearchText,
      admin: { condition: (_, sibling) => sibling?.kind === 'url' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
        if (siblingData?.kind !== 'url') return true
        if (typeof value !== 'string' || !/^(https?:\/\/|\/|mailto:|tel:)/.test(value) || !isSafeLinkUrl(value)) {
          return 'Enter an address starting with https://, /, mailto: or tel:.'
        }
        return true
      },
    },
    {
      name: 'anchor',
      type: 'text',
      ...notSearchText,
      admin: { condition: (_, sibling) => sibling?.kind === 'anchor', description: 'For example #pricing' },
      validate: (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) =>
        siblingData?.kind !== 'anchor' || (typeof value === 'string' && ANCHOR_PATTERN.test(value))
          ? true
          : 'Enter an anchor such as #pricing.',
    },
  ]
  if (withLabel) fields.unshift({ name: 'label', type: 'text', required: true })
  return { name, type: 'group', interfaceName: withLabel ? 'SiteLink' : 'SiteLinkTarget', fields }
}

export const anchorIdField: Field = {
  name: 'anchorId',
  label: 'Section ID (for in-page links)',
  type: 'text',
  ...notSearchText,
  admin: { description: 'Optional id for in-page links, without the #, e.g. "pricing".' },
  validate: (value: unknown) =>
    !value || (typeof value === 'string' && /^[A-Za-z][\w-]*$/.test(value))
      ? true
      : 'Letters, digits, dashes and underscores, starting with a letter.',
}
