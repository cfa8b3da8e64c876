import { useId, useState } from 'react'
import { type FieldErrors, type FieldSpec, validateForm } from '@/forms/validation'

/** The start form's fields, checked by the site's one validation engine (as the contact form is). */
const PRE_CHAT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
]

/** Before a chat starts: who the visitor is, filled with what the page already said. */
export function PreChatForm(props: {
  name: string
  email: string
  onStart: (name: string, email: string) => Promise<boolean>
}) {
  const [values, setValues] = useState({ name: props.name, email: props.email })
  const [errors, setErrors] = useState<FieldErrors>({})
  const id = useId()
  const errorId = (field: string) => `${id}-${field}-error`
  return (
    <form
      className="chat-prechat"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const trimmed = { name: values.name.trim(), email: values.email.trim() }
        const found = validateForm(PRE_CHAT_FIELDS, trimmed)
        setErrors(found)
        const firstInvalid = PRE_CHAT_FIELDS.find((field) => found[field.name])
        if (firstInvalid) {
          event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid.name}"]`)?.focus()
          return
        }
        void props.onStart(trimmed.name, trimmed.email)
      }}
    >
      <p>Tell us who you are and an agent will join you.</p>
      {PRE_CHAT_FIELDS.map((field) => {
        const error = errors[field.name]
        return (
          <label key={field.name}>
            <span>
              {field.label}
              <span className="chat-required" aria-hidden="true">
                {' '}
                *
              </span>
            </span>
            <input
              name={field.name}
              type={field.type}
              autoComplete={field.name}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId(field.name) : undefined}
              value={values[field.name as keyof typeof values]}
              onChange={(e) => {
                setValues({ ...values, [field.name]: e.target.value })
                if (error) setErrors({ ...errors, [field.name]: '' })
              }}
            />
            {error ? (
              <span id={errorId(field.name)} className="chat-field-error">
                {error}
              </span>
            ) : null}
          </label>
        )
      })}
      <button type="submit" className="chat-start">
        Start chat
      </button>
    </form>
  )
}
