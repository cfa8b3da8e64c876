import { test } from '@playwright/test'
import { openAdmin, signInAsAdmin, untilHydrated, adminExpect as expect } from './support/admin'

test('a new user’s role is chosen by the admin, never preset, and one must be chosen', async ({
  context,
  page,
  request,
}) => {
  await signInAsAdmin(context, request)
  await openAdmin(page, '/collections/users/create')
  const roles = page.locator('#field-roles')
  await expect(roles).toBeVisible()
  // No role chip is there to remove before choosing "Agent".
  await expect(roles.locator('.multi-value, .rs__multi-value')).toHaveCount(0)

  // Typed once React has taken over the form: keys typed before that never reach the form's state.
  await untilHydrated(page.getByLabel('Email'))
  await page.getByLabel('Email').fill(`no-role-${Date.now()}@example.com`)
  await page.getByLabel('New Password').fill('a-long-password-for-tests')
  await page.getByLabel('Confirm Password').fill('a-long-password-for-tests')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('.field-type.select.error, #field-roles .field-error, .field-type.error')).not.toHaveCount(
    0,
  )
  await expect(page).toHaveURL(/\/users\/create$/)
})
