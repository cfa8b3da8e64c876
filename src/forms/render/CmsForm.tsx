import type { CaptchaConfig } from '@/contact/captchaWidget'
import { CONTACT_ENDPOINT, FORM_ID_FIELD, HONEYPOT_FIELD, SENT_FRAGMENT_SUFFIX } from '@/contact/protocol'
import type { Form } from '@/payload-types'
import { SINGLE_PLACEHOLDER } from '../dropdown/model'
import { fieldSpecsOf } from '../fieldSpecs'
import { FormEnhancer } from './FormEnhancer'
import '../dropdown/dropdown.css'
import './form.css'

type FormField = Form['fields'][number]

export const formElementId = (form: Pick<Form, 'id'>) => `contact-form-${form.id}`

/** The notice a no-JavaScript send returns to (`#contact-form-115-sent`), shown by CSS while it is the target. */
export const sentNoticeId = (form: Pick<Form, 'id'>) => `${formElementId(form)}${SENT_FRAGMENT_SUFFIX}`

const controlId = (field: FormField) => field.elementId || field.name
const helpId = (field: FormField) => (field.help ? `${controlId(field)}-help` : undefined)

function FieldControl({ field }: { field: FormField }) {
  const id = controlId(field)
  const common = {
    id,
    name: field.name,
    required: field.required ?? false,
    'aria-describedby': helpId(field),
  }
  switch (field.blockType) {
    case 'textarea':
      return <textarea {...common} rows={6} placeholder={field.placeholder ?? undefined} />
    case 'select':
      return (
        <select {...common} multiple={field.multiple ?? false} defaultValue={field.multiple ? [] : ''}>
          {field.multiple ? null : (
            <option value="" disabled>
              {SINGLE_PLACEHOLDER}
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

const RequiredMark = ({ field }: { field: FormField }) => (field.required ? <span aria-hidden="true"> *</span> : null)

function Help({ field }: { field: FormField }) {
  return field.help ? (
    <p className="form-help" id={helpId(field)}>
      {field.help}
    </p>
  ) : null
}

function FormFieldRow({ field }: { field: FormField }) {
  if (field.blockType === 'radio') {
    return (
      <fieldset className="form-field form-field--radio" aria-describedby={helpId(field)}>
        <legend>
          {field.label}
          <RequiredMark field={field} />
        </legend>
        {field.options.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" name={field.name} value={option.value} required={field.required ?? false} />{' '}
            {option.label}
          </label>
        ))}
        <Help field={field} />
      </fieldset>
    )
  }
  if (field.blockType === 'checkbox') {
    return (
      <div className="form-field form-field--checkbox">
        <label className="choice" htmlFor={controlId(field)}>
          <FieldControl field={field} /> {field.label}
        </label>
        <Help field={field} />
      </div>
    )
  }
  return (
    <div className={`form-field form-field--${field.blockType}`}>
      <label htmlFor={controlId(field)}>
        {field.label}
        <RequiredMark field={field} />
      </label>
      <FieldControl field={field} />
      <Help field={field} />
    </div>
  )
}

/** The success text when the CMS form leaves it empty. */
export const DEFAULT_SUCCESS_TEXT = 'Thank you. Your message has been sent.'

/**
 * Any CMS form as plain HTML that sends without JavaScript, enhanced in the browser by one
 * small client component (validation, dropdowns, captcha, sending without reload). The same for
 * every visitor, so pages stay cacheable: the script asks for the anti-forgery token, and a
 * no-JavaScript send is checked by its Origin and comes back to the sent notice's fragment.
 */
export function CmsForm({ form, captcha }: { form: Form; captcha: CaptchaConfig | null }) {
  const id = formElementId(form)
  const config = { specs: fieldSpecsOf(form), successText: form.successMessage || DEFAULT_SUCCESS_TEXT, captcha }
  return (
    <form id={id} data-form-id={form.id} className="site-form" method="post" action={CONTACT_ENDPOINT}>
      <p className="form-sent" id={sentNoticeId(form)} tabIndex={-1}>
        {config.successText}
      </p>
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      {/* Left empty by people (they never see it); form-filling robots fill it. */}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {form.fields.map((field) => (
        <FormFieldRow key={field.id ?? field.name} field={field} />
      ))}
      {captcha ? <div className="form-captcha" data-provider={captcha.provider} /> : null}
      <div className="form-actions">
        <button type="submit" className="button">
          {form.submitLabel || 'Send'}
        </button>
        <button type="reset" className="button button--ghost">
          Clear
        </button>
      </div>
      <div className="form-message" role="status" aria-live="polite" data-state="" />
      <FormEnhancer formElementId={id} config={config} />
    </form>
  )
}
