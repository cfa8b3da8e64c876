import type { RequiredDataFromCollectionSlug } from 'payload'
import { OHIO_COUNTIES, countySlug } from './counties'
import { CONTACT_FORM_ID } from '@/contact/protocol'

export { CONTACT_FORM_ID }

/** The contact message's minimum length (docs/constants.md). */
export const CONTACT_MESSAGE_MIN_LENGTH = 50

/** What a visitor can order; the values match the service page slugs where there is one. */
export const SERVICE_OPTIONS: { label: string; value: string }[] = [
  { label: 'Full title search (40 years or more)', value: 'full-title-search' },
  { label: 'Current owner search', value: 'current-owner-search' },
  { label: 'Lien and judgment search', value: 'lien-search' },
  { label: 'Property tax search or tax certificate', value: 'tax-search' },
  { label: 'Copies of deeds or easements', value: 'document-copies' },
  { label: 'Not sure yet, please advise', value: 'not-sure' },
]

export const PROPERTY_TYPE_OPTIONS: { label: string; value: string }[] = [
  { label: 'Residential (1–4 family)', value: 'residential' },
  { label: 'Commercial', value: 'commercial' },
  { label: 'Vacant or farm land', value: 'land' },
  { label: 'Multi-family (5 or more units)', value: 'multi-family' },
  { label: 'Other', value: 'other' },
]

/** A form the seed creates, with the fixed id that links and tests rely on. */
export type SeedForm = { key: string; data: RequiredDataFromCollectionSlug<'forms'> & { id: number } }

export const SEED_FORMS: SeedForm[] = [
  {
    key: 'contact',
    data: {
      id: CONTACT_FORM_ID,
      title: 'Contact us',
      submitLabel: 'Send request',
      successMessage:
        'Thank you. Your request is in our queue, and a member of our team will reply within one business day, usually sooner.',
      captcha: true,
      sendConfirmation: false,
      fields: [
        {
          blockType: 'text',
          name: 'name',
          label: 'Your name',
          required: true,
          placeholder: 'First and last name',
          rules: [{ rule: 'maxlength', param: '120' }],
        },
        {
          blockType: 'email',
          name: 'email',
          label: 'Email address',
          required: true,
          placeholder: 'you@example.com',
          help: 'We send the finished report and any questions to this address.',
        },
        {
          blockType: 'tel',
          name: 'phone',
          label: 'Phone',
          required: false,
          placeholder: '(614) 555-0100',
          help: 'Optional. A US number, in case a quick call is easier.',
          rules: [{ rule: 'phoneUS' }],
        },
        {
          blockType: 'text',
          name: 'company',
          label: 'Company or firm',
          required: false,
          help: 'Optional. Law firm, lender, title agency or investment company, if any.',
          rules: [{ rule: 'maxlength', param: '160' }],
        },
        {
          blockType: 'select',
          name: 'county',
          label: 'County where the property is',
          required: true,
          multiple: false,
          help: 'Not sure? The county auditor’s website for the address will tell you, or pick the nearest and say so below.',
          options: OHIO_COUNTIES.map((county) => ({ label: `${county.name} County`, value: countySlug(county.name) })),
        },
        {
          blockType: 'select',
          name: 'service',
          label: 'Search you need',
          required: true,
          multiple: false,
          options: SERVICE_OPTIONS,
        },
        {
          blockType: 'select',
          name: 'properties',
          label: 'Property type',
          required: false,
          multiple: true,
          help: 'Optional. Choose all that apply if the request covers more than one parcel.',
          options: PROPERTY_TYPE_OPTIONS,
        },
        {
          blockType: 'radio',
          name: 'contactPreference',
          label: 'How should we reach you?',
          required: true,
          options: [
            { label: 'Email', value: 'email' },
            { label: 'Phone', value: 'phone' },
          ],
        },
        {
          blockType: 'textarea',
          name: 'message',
          elementId: 'message_3',
          label: 'About the property and your request',
          required: true,
          placeholder:
            'Property address or parcel number, owner name if known, how far back you need the search to go, and your deadline.',
          help: `Please write at least ${CONTACT_MESSAGE_MIN_LENGTH} characters so we can quote accurately.`,
          rules: [
            { rule: 'minlength', param: String(CONTACT_MESSAGE_MIN_LENGTH) },
            { rule: 'maxlength', param: '5000' },
          ],
        },
        {
          blockType: 'checkbox',
          name: 'consent',
          label: 'I agree that Cardinal Title Research may contact me by email or phone about this request.',
          required: true,
        },
      ],
    },
  },
]
