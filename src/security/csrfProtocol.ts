/** No dependencies: the browser bundle imports this file. */

/**
 * Double-submit CSRF: the cookie, the endpoint that sets it and returns the token (pages are shared
 * by every visitor, so they carry none), the request header, and the hidden input of the answer
 * page's form. A form posted without JavaScript has no token and is checked by its Origin instead.
 */
export const CSRF_COOKIE = 'csrf_token'
export const CSRF_ENDPOINT = '/api/csrf'
export const CSRF_HEADER = 'X-CSRF-Token'
export const CSRF_FORM_FIELD = 'csrf_token'

/** The answer of the token endpoint. */
export type CsrfTokenResponse = { token: string }
