// What a benchmark needs before its load: the admin's token and a visitor's CSRF pair.
import fs from 'node:fs'

/**
 * Signs in as the first admin, whose credentials the set-up wrote to `adminFile`; returns the JWT.
 * @param {string} origin
 * @param {string} adminFile
 * @returns {Promise<string>}
 */
export async function signInAdmin(origin, adminFile) {
  const admin = JSON.parse(fs.readFileSync(adminFile, 'utf8'))
  const login = await fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(admin),
  })
  const { token } = await login.json()
  return token
}

/**
 * The cookie and token a page's script gets from the CSRF endpoint (pages themselves carry none).
 * @param {string} origin
 * @returns {Promise<{ cookie: string, token: string }>}
 */
export async function csrfPair(origin) {
  const answer = await fetch(`${origin}/api/csrf`)
  const cookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('csrf_token='))
    ?.split(';')[0]
  const { token } = await answer.json()
  if (!cookie || !token) throw new Error('the CSRF endpoint gave no token')
  return { cookie, token }
}
