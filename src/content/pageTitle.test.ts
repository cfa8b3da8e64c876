import { describe, expect, it } from 'vitest'
import { composePageTitle, DEFAULT_TITLE_TEMPLATE, TITLE_TEMPLATE_MAX_CHARS, titleTemplateProblem } from './pageTitle'

const SITE = 'Cardinal Title Research'

describe('a page title', () => {
  it('places the page and the business name by the default pattern', () => {
    expect(DEFAULT_TITLE_TEMPLATE).toBe('{page} | {site}')
    expect(composePageTitle({ title: 'Pricing', path: '/pricing', siteName: SITE })).toBe(`Pricing | ${SITE}`)
  })

  it("follows the settings' pattern, with the SEO title before the page title", () => {
    const template = '{site}: {page}'
    expect(composePageTitle({ title: 'Pricing', path: '/pricing', siteName: SITE, template })).toBe(`${SITE}: Pricing`)
    expect(composePageTitle({ title: 'Pricing', seoTitle: 'Prices', siteName: SITE, template })).toBe(`${SITE}: Prices`)
  })

  it('keeps what a title says as typed, a placeholder or a dollar sign included', () => {
    expect(composePageTitle({ title: 'Fees in $ and {site}', path: '/fees', siteName: SITE })).toBe(
      `Fees in $ and {site} | ${SITE}`,
    )
  })

  it('is the business name alone on the home page without an SEO title, whatever the pattern', () => {
    expect(composePageTitle({ title: 'Home', path: '/', siteName: SITE, template: '{site} – {page}' })).toBe(SITE)
  })

  it('falls back to the default pattern when the stored one is empty or unusable', () => {
    for (const template of ['', '   ', '{page} only', null])
      expect(composePageTitle({ title: 'FAQ', path: '/faq', siteName: SITE, template })).toBe(`FAQ | ${SITE}`)
  })
})

describe('a title pattern in the settings', () => {
  it('is taken when it places the page and the business name once each', () => {
    for (const template of ['{page} | {site}', '{site}: {page}', '{page} — {site}, Ohio'])
      expect(titleTemplateProblem(template)).toBeNull()
  })

  it('is refused, saying what to write, when it leaves one out, repeats one, or holds another placeholder', () => {
    expect(titleTemplateProblem('{page}')).toMatch(/\{page\} and \{site\} once each/)
    expect(titleTemplateProblem('{page} {page} {site}')).toMatch(/once each/)
    expect(titleTemplateProblem('{page} | {site} | {city}')).toMatch(/Only \{page\} and \{site\}/)
    expect(titleTemplateProblem(`{page} | {site} ${'x'.repeat(TITLE_TEMPLATE_MAX_CHARS)}`)).toMatch(/characters/)
  })
})
