import type { CaptchaConfig } from '../captchaWidget'
import { CONTACT_ENDPOINT, FORM_ID_FIELD, HONEYPOT_FIELD } from '../protocol'
import type { Form } from '@/payload-types'
import type { FieldErrors } from '@/forms/validation'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'
import { SINGLE_PLACEHOLDER } from '@/forms/dropdown/model'
import { fieldSpecsOf } from '@/forms/fieldSpecs'
import { sentNoteWithoutTime } from '../afterSending/settings'
import {
  controlIdOf,
  describedByWith,
  ERROR_ID_ATTRIBUTE,
  errorIdOf,
  FIELD_ERROR_CLASS,
  FIELD_ROW_CLASS,
  formElementId,
  helpIdOf,
  sentNoticeId,
} from './fieldMarks'
import { FormEnhancer } from './FormEnhancer'
import '@/forms/dropdown/dropdown.css'
import './form.css'

type FormField = Form['fields'][number]

/** The parts of a CMS form document the renderer reads (all a browser-side copy needs to carry). */
export type RenderedForm = Pick<Form, 'id' | 'fields' | 'submitLabel' | 'successMessage'> &
  Partial<Pick<Form, 'sentNote'>>

/**
 * A refused no-JavaScript post shown again: the visitor's values, the server's message per field,
 * and the anti-forgery token (the answer page is personal, so it may carry one).
 */
export type FormAnswer = {
  values: Record<string, string[]>
  errors: FieldErrors
  csrfToken: string | null
  /** Said where the captcha widget would be, which cannot work without JavaScript. */
  captchaNote?: string
}

type FieldProps = { field: FormField; idPrefix: string; answer?: FormAnswer }

const controlId = ({ field, idPrefix }: FieldProps) => controlIdOf(field, idPrefix)
const helpId = (props: FieldProps) => (props.field.help ? helpIdOf(controlId(props)) : undefined)
const errorId = (props: FieldProps) => errorIdOf(controlId(props))
const errorOf = ({ field, answer }: FieldProps) =>
  answer && Object.prototype.hasOwnProperty.call(answer.errors, field.name) ? answer.errors[field.name] : null
const valuesOf = ({ field, answer }: FieldProps) => answer?.values[field.name] ?? []

const describedBy = (props: FieldProps) => describedByWith(helpId(props), errorId(props), errorOf(props) !== null)

/** What a field's row carries: its class, and the id of its error mark for the browser's behaviour. */
const rowProps = (props: FieldProps, kind: string) => ({
  className: `${FIELD_ROW_CLASS} ${FIELD_ROW_CLASS}--${kind}`,
  [ERROR_ID_ATTRIBUTE]: errorId(props),
})

function invalidMark(props: FieldProps) {
  return errorOf(props) === null ? {} : { 'aria-invalid': true as const }
}

function FieldControl(props: FieldProps) {
  const { field } = props
  const values = valuesOf(props)
  const common = {
    id: controlId(props),
    name: field.name,
    required: field.required ?? false,
    'aria-describedby': describedBy(props),
    ...invalidMark(props),
  }
  switch (field.blockType) {
    case 'textarea':
      return <textarea {...common} rows={6} placeholder={field.placeholder ?? undefined} defaultValue={values[0]} />
    case 'select':
      return (
        <select
          {...common}
          multiple={field.multiple ?? false}
          defaultValue={field.multiple ? values : (values[0] ?? '')}
        >
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
      return <input {...common} type="checkbox" value="on" defaultChecked={values.length > 0 && values[0] !== ''} />
    case 'radio':
      return null
    default:
      return (
        <input
          {...common}
          type={field.blockType}
          placeholder={field.placeholder ?? undefined}
          defaultValue={values[0]}
          autoComplete={field.blockType === 'email' ? 'email' : field.blockType === 'tel' ? 'tel' : undefined}
        />
      )
  }
}

const RequiredMark = ({ field }: { field: FormField }) => (field.required ? <span aria-hidden="true"> *</span> : null)

function Help(props: FieldProps) {
  const { field } = props
  return field.help ? (
    <p className="form-help" id={helpId(props)}>
      {field.help}
    </p>
  ) : null
}

function ErrorMark(props: FieldProps) {
  const error = errorOf(props)
  return error === null ? null : (
    <mark className={FIELD_ERROR_CLASS} id={errorId(props)}>
      {error}
    </mark>
  )
}

function FormFieldRow(props: FieldProps) {
  const { field } = props
  if (field.blockType === 'radio') {
    return (
      <fieldset {...rowProps(props, 'radio')} aria-describedby={describedBy(props)} {...invalidMark(props)}>
        <legend>
          {field.label}
          <RequiredMark field={field} />
        </legend>
        {field.options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={field.name}
              value={option.value}
              required={field.required ?? false}
              defaultChecked={valuesOf(props).includes(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
        <Help {...props} />
        <ErrorMark {...props} />
      </fieldset>
    )
  }
  if (field.blockType === 'checkbox') {
    return (
      <div {...rowProps(props, 'checkbox')}>
        <label className="choice" htmlFor={controlId(props)}>
          <FieldControl {...props} /> {field.label}
        </label>
        <Help {...props} />
        <ErrorMark {...props} />
      </div>
    )
  }
  return (
    <div {...rowProps(props, field.blockType)}>
      <label htmlFor={controlId(props)}>
        {field.label}
        <RequiredMark field={field} />
      </label>
      <FieldControl {...props} />
      <Help {...props} />
      <ErrorMark {...props} />
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
 * With an `answer` it is the refused no-JavaScript post shown again, as plain HTML with no script.
 */
export function CmsForm({
  form,
  captcha,
  idPrefix = '',
  answer,
  stayOnPage = false,
}: {
  form: RenderedForm
  captcha: CaptchaConfig | null
  idPrefix?: string
  answer?: FormAnswer
  /** A copy inside a widget (the chat) never leaves its page for the form's thank-you page. */
  stayOnPage?: boolean
}) {
  const id = formElementId(form, idPrefix)
  const config = {
    specs: fieldSpecsOf(form),
    successText: form.successMessage || DEFAULT_SUCCESS_TEXT,
    captcha,
    followThankYouPage: !stayOnPage,
  }
  const staticNote = form.sentNote ? sentNoteWithoutTime(form.sentNote) : ''
  return (
    <form id={id} data-form-id={form.id} className="site-form" method="post" action={CONTACT_ENDPOINT}>
      {answer ? null : (
        <p className="form-sent" id={sentNoticeId(form, idPrefix)} tabIndex={-1}>
          {config.successText}
          {staticNote ? <span className="form-sent-note"> {staticNote}</span> : null}
        </p>
      )}
      <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
      {answer?.csrfToken ? <input type="hidden" name={CSRF_FORM_FIELD} value={answer.csrfToken} /> : null}
      {/* Left empty by people (they never see it); form-filling robots fill it. */}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {form.fields.map((field) => (
        <FormFieldRow key={field.id ?? field.name} field={field} idPrefix={idPrefix} answer={answer} />
      ))}
      {captcha ? <div className="form-captcha" data-provider={captcha.provider} /> : null}
      {answer?.captchaNote ? <p className="form-help">{answer.captchaNote}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button">
          {form.submitLabel || 'Send'}
        </button>
        <button type="reset" className="button button--ghost">
          Clear
        </button>
      </div>
      <div className="form-message" role="status" aria-live="polite" data-state="" />
      {answer ? null : <FormEnhancer formElementId={id} config={config} />}
    </form>
  )
}
