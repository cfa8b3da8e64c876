// Form 115's required fields as a client posts them; the browser suites, the hostile suite and the
// benches each send their own name, email, service and message.

/**
 * Every field the seeded contact form requires, filled: county Franklin, answer by email, consent given.
 * @param {string} name
 * @param {{ email: string, service: string, message: string }} values
 * @returns {{ name: string, value: string }[]}
 */
export function completeContactFields(name, { email, service, message }) {
  return [
    { name: 'name', value: name },
    { name: 'email', value: email },
    { name: 'county', value: 'franklin' },
    { name: 'service', value: service },
    { name: 'contactPreference', value: 'email' },
    { name: 'message', value: message },
    { name: 'consent', value: 'on' },
  ]
}
