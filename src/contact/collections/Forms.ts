import type { Block, CollectionConfig, Field } from 'payload'
import { forgetCachedForm } from '../server/formCache'
import { RULE_NAMES } from '@/forms/validation/catalog'
import { refuseUnworkableRules } from '@/forms/fieldSpecs'
import { anyone, isContentEditor } from '@/platform/access'
import { revalidatePagesShowingIt } from '@/content/revalidate'
import {
  BUSINESS_NAME_PLACEHOLDER,
  DEFAULT_CONFIRMATION_SUBJECT,
  DEFAULT_CONFIRMATION_TEXT,
  DEFAULT_SENT_NOTE,
  NAMELESS_GREETING,
  SENT_TIME_PLACEHOLDER,
  VISITOR_NAME_PLACEHOLDER,
} from '../afterSending/settings'
import { CONTACT_CONFIRMATIONS_PER_RECIPIENT, CONTACT_CONFIRMATIONS_PER_SITE } from '../delivery/confirmationLimits'
import { PAGES_WITH_A_TITLE } from '@/content/collections/pageBeingMade'

const FIELD_NAME_PATTERN = /^[A-Za-z_][\w-]{0,63}$/

const commonFields: Field[] = [
  {
    type: 'row',
    fields: [
      {
        name: 'name',
        type: 'text',
        required: true,
        admin: { width: '33%', description: 'Key under which the value is stored.' },
        validate: (value: unknown) =>
          typeof value === 'string' && FIELD_NAME_PATTERN.test(value)
            ? true
            : 'Letters, digits, - and _, starting with a letter.',
      },
      { name: 'label', type: 'text', required: true, admin: { width: '33%' } },
      {
        name: 'elementId',
        label: 'Element ID on the page',
        type: 'text',
        admin: { width: '33%', description: 'Optional HTML id; the name when empty.' },
        validate: (value: unknown) =>
          !value || (typeof value === 'string' && FIELD_NAME_PATTERN.test(value)) ? true : 'Letters, digits, - and _.',
      },
    ],
  },
  { name: 'required', type: 'checkbox', defaultValue: false },
  { name: 'help', type: 'text', admin: { description: 'A hint shown under the field.' } },
  {
    name: 'rules',
    type: 'array',
    validate: refuseUnworkableRules,
    admin: { description: 'Extra checks, run in the browser and again on the server.' },
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'rule',
            type: 'select',
            required: true,
            options: RULE_NAMES.map((rule) => ({ label: rule, value: rule })),
          },
          {
            name: 'param',
            label: 'Value for the rule',
            type: 'text',
            admin: { description: 'First parameter, when the rule takes one.' },
          },
          {
            name: 'param2',
            label: 'Second value for the rule',
            type: 'text',
            admin: { description: 'Second parameter, when the rule takes two.' },
          },
        ],
      },
    ],
  },
]

const optionsField: Field = {
  name: 'options',
  type: 'array',
  required: true,
  minRows: 1,
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'label', type: 'text', required: true },
        { name: 'value', type: 'text', required: true },
      ],
    },
  ],
}

const placeholder: Field = { name: 'placeholder', type: 'text' }

export const FORM_FIELD_TYPES = ['text', 'email', 'tel', 'textarea', 'select', 'checkbox', 'radio'] as const

export const formFieldBlocks: Block[] = [
  { slug: 'text', fields: [...commonFields, placeholder] },
  { slug: 'email', fields: [...commonFields, placeholder] },
  { slug: 'tel', labels: { singular: 'Phone', plural: 'Phone fields' }, fields: [...commonFields, placeholder] },
  { slug: 'textarea', fields: [...commonFields, placeholder] },
  {
    slug: 'select',
    fields: [...commonFields, { name: 'multiple', type: 'checkbox', defaultValue: false }, optionsField],
  },
  { slug: 'checkbox', fields: commonFields },
  { slug: 'radio', fields: [...commonFields, optionsField] },
]

export const Forms: CollectionConfig = {
  slug: 'forms',
  admin: { useAsTitle: 'title' },
  access: { read: anyone, create: isContentEditor, update: isContentEditor, delete: isContentEditor },
  hooks: {
    afterChange: [({ doc, req }) => forgetCachedForm(req.payload, doc.id), revalidatePagesShowingIt],
    afterDelete: [({ id, req }) => forgetCachedForm(req.payload, id), revalidatePagesShowingIt],
  },
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'fields', type: 'blocks', blocks: formFieldBlocks, required: true, minRows: 1 },
    { name: 'submitLabel', label: 'Send button text', type: 'text', defaultValue: 'Send message' },
    {
      name: 'successMessage',
      label: 'Message after sending',
      type: 'text',
      defaultValue: 'Thank you. Your message has been sent.',
    },
    {
      name: 'captcha',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Ask for the captcha chosen in site settings.' },
    },
    {
      type: 'collapsible',
      label: 'After sending',
      fields: [
        {
          name: 'sentNote',
          label: 'Note under the message after sending',
          type: 'text',
          defaultValue: DEFAULT_SENT_NOTE,
          admin: {
            description: `Stays under the form after the success message. ${SENT_TIME_PLACEHOLDER} becomes the time it was sent, in the business's time zone (left out for browsers without JavaScript). Empty: no note.`,
          },
        },
        {
          name: 'thankYouPage',
          label: 'Thank-you page',
          type: 'relationship',
          relationTo: 'pages',
          filterOptions: PAGES_WITH_A_TITLE,
          admin: {
            description:
              'Optional: a published page to send the visitor to after a successful send, instead of the note (its visits count conversions).',
          },
        },
        {
          name: 'sendConfirmation',
          label: 'Email the visitor a confirmation',
          type: 'checkbox',
          defaultValue: false,
          admin: {
            description:
              'Email the visitor a short confirmation, to the address in their email field: the text below, never a copy of their message.',
          },
        },
        {
          name: 'confirmationSubject',
          label: 'Confirmation subject',
          type: 'text',
          defaultValue: DEFAULT_CONFIRMATION_SUBJECT,
          admin: { condition: (data) => Boolean(data?.sendConfirmation) },
        },
        {
          name: 'confirmationText',
          label: 'Confirmation text',
          type: 'textarea',
          defaultValue: DEFAULT_CONFIRMATION_TEXT,
          admin: {
            condition: (data) => Boolean(data?.sendConfirmation),
            description: `${BUSINESS_NAME_PLACEHOLDER} becomes the business's name from site settings. Nothing the visitor typed goes in (anyone may type any address), so ${VISITOR_NAME_PLACEHOLDER} reads "${NAMELESS_GREETING}". At most ${CONTACT_CONFIRMATIONS_PER_RECIPIENT} confirmations an hour go to one address and ${CONTACT_CONFIRMATIONS_PER_SITE} in all; past that the message is still delivered to you.`,
          },
        },
      ],
    },
  ],
}
