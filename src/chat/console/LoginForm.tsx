'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { signIn } from './session'

/** Agents sign in here: the content admin is closed to them. */
export function LoginForm() {
  const [error, setError] = useState('')
  const router = useRouter()
  return (
    <form
      className="agent-login"
      method="post"
      onSubmit={async (event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        const failure = await signIn(String(form.get('email')), String(form.get('password')))
        if (failure) setError(failure)
        else router.replace('/agent')
      }}
    >
      <h1>Chat console sign-in</h1>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit">Sign in</button>
      {error && (
        <p role="alert" className="agent-error">
          {error}
        </p>
      )}
    </form>
  )
}
