import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Footer, SiteSetting } from '@/payload-types'
import { SiteFooter } from './Footer'

const footer = { columns: [] } as unknown as Footer
const settingsWith = (business: Partial<SiteSetting['business']>) =>
  ({ business: { name: 'Cardinal Title Research', ...business }, chat: { provider: 'none' } }) as SiteSetting

describe('the footer', () => {
  it('shows the opening hours from the settings, with their note', () => {
    const html = renderToStaticMarkup(
      createElement(SiteFooter, {
        footer,
        settings: settingsWith({
          openingHours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:00' }],
          hoursNote: 'closed on major holidays',
        }),
      }),
    )
    expect(html).toContain('Monday to Friday, 8:30 a.m. to 5:00 p.m. Eastern Time, closed on major holidays')
  })

  it('shows no hours line when the settings hold none', () => {
    const html = renderToStaticMarkup(
      createElement(SiteFooter, { footer, settings: settingsWith({ openingHours: [] }) }),
    )
    expect(html).not.toContain('footer-hours')
  })
})
