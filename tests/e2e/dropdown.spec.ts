import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  CLEAR_SELECTION_LABEL,
  SELECTION_CLEARED_TEXT,
  DROPDOWN_SEARCH_THRESHOLD,
  MULTIPLE_PLACEHOLDER,
  NO_RESULTS_TEXT,
  SINGLE_PLACEHOLDER,
} from '../../src/forms/dropdown/model'
import { MESSAGES } from '../../src/forms/validation'
import { OHIO_COUNTIES } from '../../src/setup/seed/content/counties'
import { PROPERTY_TYPE_OPTIONS, SERVICE_OPTIONS } from '../../src/setup/seed/content/forms'

const form = (page: Page) => page.locator('#contact-form-115')
const field = (page: Page, name: string) =>
  form(page)
    .locator('.form-field')
    .filter({ has: page.locator(`[name="${name}"]`) })
const combobox = (page: Page, name: string) => field(page, name).getByRole('combobox')
const nativeSelect = (page: Page, name: string) => form(page).locator(`select[name="${name}"]`)
const visibleOptions = (page: Page, name: string) => field(page, name).getByRole('option')

async function listboxOf(box: Locator): Promise<Locator> {
  const id = await box.getAttribute('aria-controls')
  expect(id).toBeTruthy()
  return box.page().locator(`#${id}`)
}

/** Opens the page and reaches the form, which loads its behaviour. */
async function openContactForm(page: Page) {
  await page.goto('/contact')
  await page.getByLabel('Your name').focus()
  await expect(form(page)).toHaveAttribute('data-enhanced', 'true')
}

test.beforeEach(async ({ page }) => openContactForm(page))

test.describe('searchable dropdown', () => {
  test(`offers a search input only above ${DROPDOWN_SEARCH_THRESHOLD} options, with its placeholders; the search matches anywhere, ignoring case, and the form's Clear empties it`, async ({
    page,
  }) => {
    expect(OHIO_COUNTIES.length).toBeGreaterThan(DROPDOWN_SEARCH_THRESHOLD)
    expect(SERVICE_OPTIONS.length).toBeLessThanOrEqual(DROPDOWN_SEARCH_THRESHOLD)
    const county = combobox(page, 'county')
    await expect(county).toHaveJSProperty('tagName', 'INPUT')
    await expect(county).toHaveAttribute('aria-autocomplete', 'list')
    const service = combobox(page, 'service')
    await expect(service).toHaveJSProperty('tagName', 'DIV')
    await expect(service).not.toHaveAttribute('aria-autocomplete', /.*/)
    for (const box of [county, service, combobox(page, 'properties')]) {
      const listbox = await listboxOf(box)
      await expect(listbox).toHaveAttribute('role', 'listbox')
      await expect(box).toHaveAttribute('aria-expanded', 'false')
    }

    // The placeholders: single, multiple, and nothing matching.
    await expect(county).toHaveAttribute('placeholder', SINGLE_PLACEHOLDER)
    await expect(service).toHaveText(SINGLE_PLACEHOLDER)
    await expect(combobox(page, 'properties')).toHaveText(MULTIPLE_PLACEHOLDER)
    await county.fill('zzzz')
    await expect(field(page, 'county').getByText(NO_RESULTS_TEXT)).toBeVisible()
    await expect(visibleOptions(page, 'county')).toHaveCount(0)

    // The search text matches anywhere in an option, ignoring case.
    await county.fill('WERT')
    await expect(visibleOptions(page, 'county')).toHaveText(['Van Wert County'])
    await county.fill('hoga')
    await expect(visibleOptions(page, 'county')).toHaveText(['Cuyahoga County'])
    await county.fill('land')
    const expected = OHIO_COUNTIES.map((c) => `${c.name} County`).filter((label) =>
      label.toLowerCase().includes('land'),
    )
    expect(expected.length).toBeGreaterThan(1)
    await expect(visibleOptions(page, 'county')).toHaveText(expected)
    await page.keyboard.press('Enter')
    await expect(nativeSelect(page, 'county')).toHaveValue(/.+/)
    await expect(county).toHaveValue(expected[0])

    // Clearing the form takes it back to its placeholder.
    await page.getByRole('button', { name: 'Clear', exact: true }).click()
    await expect(nativeSelect(page, 'county')).toHaveValue('')
    await expect(county).toHaveValue('')
    await expect(county).toHaveAttribute('placeholder', SINGLE_PLACEHOLDER)
  })

  test('keeps the real select, which the form submits, in sync with the combobox, and clears a single selection with the "Clear selection" button', async ({
    page,
  }) => {
    await expect(nativeSelect(page, 'county')).toHaveCount(1)
    await expect(nativeSelect(page, 'county')).toHaveAttribute('aria-hidden', 'true')
    const clear = field(page, 'service').getByRole('button', { name: CLEAR_SELECTION_LABEL })
    await expect(clear).toBeHidden()
    await combobox(page, 'service').click()
    await visibleOptions(page, 'service').filter({ hasText: SERVICE_OPTIONS[2].label }).click()
    await expect(nativeSelect(page, 'service')).toHaveValue(SERVICE_OPTIONS[2].value)
    await expect(combobox(page, 'service')).toHaveText(SERVICE_OPTIONS[2].label)
    await expect(clear).toBeVisible()
    await clear.click()
    await expect(nativeSelect(page, 'service')).toHaveValue('')
    await expect(combobox(page, 'service')).toHaveText(SINGLE_PLACEHOLDER)
    await expect(combobox(page, 'service')).toBeFocused()
    await expect(clear).toBeHidden()
    await expect(field(page, 'service').getByRole('status').filter({ hasText: SELECTION_CLEARED_TEXT })).toHaveCount(1)
  })

  test('the keyboard clears a single choice with Delete, which is announced; "Clear selection" is no Tab stop of its own', async ({
    page,
  }) => {
    const service = combobox(page, 'service')
    await service.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(nativeSelect(page, 'service')).not.toHaveValue('')
    await expect(field(page, 'service').getByRole('button', { name: CLEAR_SELECTION_LABEL })).toHaveAttribute(
      'tabindex',
      '-1',
    )
    await page.keyboard.press('Delete')
    await expect(nativeSelect(page, 'service')).toHaveValue('')
    await expect(service).toHaveText(SINGLE_PLACEHOLDER)
    await expect(service).toBeFocused()
    await expect(field(page, 'service').getByRole('status').filter({ hasText: SELECTION_CLEARED_TEXT })).toHaveCount(1)
    // A search box: Delete with the caret at the end of the chosen name clears it too.
    const county = combobox(page, 'county')
    await county.fill('frank')
    await visibleOptions(page, 'county').first().click()
    await expect(nativeSelect(page, 'county')).not.toHaveValue('')
    await county.press('End')
    await county.press('Delete')
    await expect(nativeSelect(page, 'county')).toHaveValue('')
  })

  test('works from the keyboard alone: arrows, Home, End, Enter, Escape, typing, Tab', async ({ page }) => {
    const service = combobox(page, 'service')
    await service.focus()
    await page.keyboard.press('ArrowDown')
    await expect(service).toHaveAttribute('aria-expanded', 'true')
    const firstId = await visibleOptions(page, 'service').first().getAttribute('id')
    await expect(service).toHaveAttribute('aria-activedescendant', firstId!)
    await page.keyboard.press('End')
    const lastId = await visibleOptions(page, 'service').last().getAttribute('id')
    await expect(service).toHaveAttribute('aria-activedescendant', lastId!)
    await page.keyboard.press('Home')
    await expect(service).toHaveAttribute('aria-activedescendant', firstId!)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(service).toHaveAttribute('aria-expanded', 'false')
    await expect(nativeSelect(page, 'service')).toHaveValue(SERVICE_OPTIONS[1].value)
    await expect(field(page, 'service').locator('[role="option"]').nth(1)).toHaveAttribute('aria-selected', 'true')

    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await expect(service).toHaveAttribute('aria-expanded', 'false')
    await expect(nativeSelect(page, 'service')).toHaveValue(SERVICE_OPTIONS[1].value)

    // Typing jumps to the option starting with the letters.
    await page.keyboard.type('cop')
    const copies = visibleOptions(page, 'service').filter({ hasText: 'Copies of deeds' })
    await expect(service).toHaveAttribute('aria-activedescendant', (await copies.getAttribute('id'))!)
    // Tab takes the active option and moves on.
    await page.keyboard.press('Tab')
    await expect(nativeSelect(page, 'service')).toHaveValue('document-copies')
    await expect(service).not.toBeFocused()

    // The searchable one: type, arrow, Enter.
    const county = combobox(page, 'county')
    await county.focus()
    await page.keyboard.type('frank')
    await expect(county).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Enter')
    await expect(nativeSelect(page, 'county')).toHaveValue('franklin')
    await expect(county).toHaveValue('Franklin County')
  })

  test('chooses several options in a multiple select, shown as removable tokens', async ({ page }) => {
    const properties = combobox(page, 'properties')
    await expect(await listboxOf(properties)).toHaveAttribute('aria-multiselectable', 'true')
    await properties.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(properties).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    const chosen = PROPERTY_TYPE_OPTIONS.slice(0, 2)
    expect(
      await nativeSelect(page, 'properties').evaluate((s: HTMLSelectElement) =>
        [...s.selectedOptions].map((o) => o.value),
      ),
    ).toEqual(chosen.map((o) => o.value))
    const tokens = field(page, 'properties').locator('.dropdown-token')
    await expect(tokens).toHaveCount(2)
    await field(page, 'properties')
      .getByRole('button', { name: `Remove ${chosen[0].label}` })
      .click()
    await expect(tokens).toHaveCount(1)
    expect(
      await nativeSelect(page, 'properties').evaluate((s: HTMLSelectElement) =>
        [...s.selectedOptions].map((o) => o.value),
      ),
    ).toEqual([chosen[1].value])
    // The remaining token takes focus; Enter removes it too.
    await expect(tokens.first()).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(tokens).toHaveCount(0)
    await expect(properties).toBeFocused()
    await expect(properties).toHaveText(MULTIPLE_PLACEHOLDER)
  })

  test('hides the error and marks the field valid once the choice differs from the initial one', async ({ page }) => {
    await page.getByRole('button', { name: 'Send request' }).click()
    const county = combobox(page, 'county')
    const error = field(page, 'county').locator('mark.field-error')
    await expect(error).toHaveText(MESSAGES.required)
    await expect(county).toHaveAttribute('aria-invalid', 'true')
    await expect(county).toHaveAttribute('aria-describedby', new RegExp(`(^| )${await error.getAttribute('id')}( |$)`))
    await county.fill('ross')
    await page.keyboard.press('Enter')
    await expect(error).toHaveCount(0)
    await expect(county).not.toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'county')).toHaveClass(/is-valid/)
  })
})
