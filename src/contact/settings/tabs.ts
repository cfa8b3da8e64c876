import type { Tab } from 'payload'
import { adminOnlyAccess, emailListField, secretField } from '@/content/fields/adminOnly'
import { CAPTCHA_PROVIDERS } from '../protocol'
import { DEFAULT_CAPTCHA_PROVIDER } from './read'

/** The site settings' tabs the contact form owns: where submissions go, and the captcha. */
export const contactSettingsTabs: Tab[] = [
  {
    label: 'Contact',
    name: 'contact',
    fields: [
      emailListField('recipients', 'Who receives contact-form submissions.'),
      {
        name: 'fromAddress',
        label: 'Send from address',
        type: 'email',
        access: adminOnlyAccess,
        admin: { description: 'Sender of the site’s emails.' },
      },
    ],
  },
  {
    label: 'Captcha',
    name: 'captcha',
    fields: [
      {
        name: 'provider',
        type: 'select',
        defaultValue: DEFAULT_CAPTCHA_PROVIDER,
        options: [...CAPTCHA_PROVIDERS, 'none'].map((value) => ({ label: value, value })),
      },
      { name: 'siteKey', label: 'Site key', type: 'text' },
      secretField('secretKey', 'Secret key'),
      {
        name: 'holdWithoutJavaScript',
        label: 'Hold messages sent without JavaScript',
        type: 'checkbox',
        defaultValue: true,
        admin: {
          description:
            'With the self-hosted captcha: keep a message sent by a browser without JavaScript (which cannot solve the check) for review by hand, instead of refusing it. Held messages are not emailed until someone releases them.',
        },
      },
    ],
  },
]
