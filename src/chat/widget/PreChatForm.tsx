import { useState } from 'react'

/** Before a chat starts: who the visitor is, filled with what the page already said. */
export function PreChatForm(props: {
  name: string
  email: string
  onStart: (name: string, email: string) => Promise<boolean>
}) {
  const [name, setName] = useState(props.name)
  const [email, setEmail] = useState(props.email)
  return (
    <form
      className="chat-prechat"
      onSubmit={(event) => {
        event.preventDefault()
        void props.onStart(name.trim(), email.trim())
      }}
    >
      <p>Tell us who you are and an agent will join you.</p>
      <label>
        Name
        <input name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <button type="submit" className="chat-start">
        Start chat
      </button>
    </form>
  )
}
