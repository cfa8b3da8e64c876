import type { ContactFormBlock as ContactFormBlockData, Form } from '@/payload-types'

type FormField = Form['fields'][number]

function FieldControl({ field }: { field: FormField }) {
  const id = field.elementId || field.name
  const common = { id, name: field.name, required: field.required ?? false }
  switch (field.blockType) {
    case 'textarea':
      return <textarea {...common} rows={6} placeholder={field.placeholder ?? undefined} />
    case 'select':
      return (
        <select {...common} multiple={field.multiple ?? false} defaultValue={field.multiple ? [] : ''}>
          {field.multiple ? null : (
            <option value="" disabled>
              Select an option
            </option>
          )}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )
    case 'checkbox':
      return <input {...common} type="checkbox" value="on" />
    case 'radio':
      return null
    default:
      return (
        <input
          {...common}
          type={field.blockType}
          placeholder={field.placeholder ?? undefined}
          autoComplete={field.blockType === 'email' ? 'email' : field.blockType === 'tel' ? 'tel' : undefined}
        />
      )
  }
}

function FormFieldRow({ field }: { field: FormField }) {
  const id = field.elementId || field.name
  const helpId = field.help ? `${id}-help` : undefined
  if (field.blockType === 'radio') {
    return (
      <fieldset className="form-field form-field--radio">
        <legend>
          {field.label}
          {field.required ? <span aria-hidden="true"> *</span> : null}
        </legend>
        {field.options.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" name={field.name} value={option.value} required={field.required ?? false} />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
    )
  }
  if (field.blockType === 'checkbox') {
    return (
      <div className="form-field form-field--checkbox">
        <label className="choice" htmlFor={id}>
          <FieldControl field={field} /> {field.label}
        </label>
      </div>
    )
  }
  return (
    <div className={`form-field form-field--${field.blockType}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <FieldControl field={field} />
      {field.help ? (
        <p className="form-help" id={helpId}>
          {field.help}
        </p>
      ) : null}
    </div>
  )
}

export function ContactFormBlock({ block }: { block: ContactFormBlockData }) {
  const form = typeof block.form === 'object' ? block.form : null
  if (!form) return null
  return (
    <div className="container container--narrow">
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <form
        id={`contact-form-${form.id}`}
        data-form-id={form.id}
        className="site-form"
        method="post"
        action="/api/contact"
      >
        <input type="hidden" name="formId" value={form.id} />
        {form.fields.map((field) => (
          <FormFieldRow key={field.id ?? field.name} field={field} />
        ))}
        <div className="form-actions">
          <button type="submit" className="button">
            {form.submitLabel || 'Send'}
          </button>
          <button type="reset" className="button button--ghost">
            Clear
          </button>
        </div>
        <div className="form-message" role="status" aria-live="polite" data-state="" />
      </form>
    </div>
  )
}
