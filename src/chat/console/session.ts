/** Signing an agent in and out of the console, through Payload's own user endpoints. */
export async function signIn(email: string, password: string): Promise<string | null> {
  const response = await fetch('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ email, password }),
  })
  if (response.ok) return null
  return response.status === 401 ? 'The email or password is wrong.' : 'Signing in failed. Try again later.'
}

/** Ends the session: Payload's logout clears the cookie on the server. */
export async function signOut(): Promise<boolean> {
  const response = await fetch('/api/users/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => null)
  return Boolean(response?.ok)
}
