import { BlocksFeature } from '@payloadcms/richtext-lexical'
import type { Block } from 'payload'

/** The inline block's type in rich text JSON (seeds write it, the renderer reads it). */
export const BUSINESS_DETAIL_BLOCK = 'businessDetail'

export const BUSINESS_DETAILS = ['phone', 'email', 'address', 'hours'] as const
export type BusinessDetail = (typeof BUSINESS_DETAILS)[number]

const DETAIL_LABELS: Record<BusinessDetail, string> = {
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  hours: 'Opening hours',
}

/** A phone number, email, address or the opening hours placed in text, shown from site settings. */
const businessDetailBlock: Block = {
  slug: BUSINESS_DETAIL_BLOCK,
  labels: { singular: 'Business detail', plural: 'Business details' },
  admin: { disableBlockName: true },
  fields: [
    {
      name: 'detail',
      type: 'select',
      required: true,
      defaultValue: 'phone',
      options: BUSINESS_DETAILS.map((value) => ({ label: DETAIL_LABELS[value], value })),
      admin: { description: 'Shown as site settings hold it (Business tab), so a change there reaches this text.' },
    },
  ],
}

/** The rich-text toolbar's "Business detail" inline block. */
export const businessDetailFeature = () => BlocksFeature({ inlineBlocks: [businessDetailBlock] })
