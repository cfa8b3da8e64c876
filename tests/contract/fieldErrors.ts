// DESIGN.md, "Public contract", "Contact form": how a field's error is shown, checked by the names the
// contract gives (mark.field-error, aria-describedby, aria-invalid), whatever field it is.
import { expect, type Locator } from '@playwright/test'

async function describedError(field: Locator): Promise<Locator | null> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean)
  for (const id of ids) {
    const described = field.page().locator(`[id="${id}"]`)
    if (await described.evaluate((el) => el.matches('mark.field-error')).catch(() => false)) return described
  }
  return null
}

/** The error shown for `field`: linked by aria-describedby, a mark.field-error, right after the field. */
export async function expectError(field: Locator, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  const mark = await describedError(field)
  expect(mark, 'aria-describedby names a mark.field-error').not.toBeNull()
  await expect(mark!).toHaveText(text)
  await expect(mark!).toBeVisible()
  // Next to the field: after it, with no other field between them.
  const between = await field.evaluate(
    (el, id) => {
      const mark = document.getElementById(id)!
      if (!(el.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING)) return -1
      const fields = [...el.closest('form')!.querySelectorAll('input:not([type="hidden"]), textarea, select')]
      return fields.filter(
        (other) =>
          other !== el &&
          el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING &&
          other.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING &&
          !other.closest('[aria-hidden="true"]') &&
          (other as HTMLInputElement).type !== 'radio',
      ).length
    },
    (await mark!.getAttribute('id'))!,
  )
  expect(between, 'the error comes right after its field').toBe(0)
}

export async function expectNoError(field: Locator) {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  expect(await describedError(field)).toBeNull()
}
