// The visitor's answers read from a CMS form in the browser, for the engine and for the JSON body.
import { CAPTCHA_FORM_FIELDS, FORM_ID_FIELD, HONEYPOT_FIELD, type ContactField } from '../protocol'
import type { FieldSpec, FormValues } from '@/forms/validation'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'

/** Inputs that are not the visitor's answers and never go in the JSON `fields`. */
const NOT_FIELDS = new Set<string>([
  FORM_ID_FIELD,
  CSRF_FORM_FIELD,
  HONEYPOT_FIELD,
  CAPTCHA_FORM_FIELDS.altcha,
  CAPTCHA_FORM_FIELDS.turnstile,
  CAPTCHA_FORM_FIELDS.hcaptcha,
])

/** Reads the form's values as the validation engine expects them. */
export function readValues(form: HTMLFormElement, specs: FieldSpec[]): FormValues {
  const data = new FormData(form)
  const values: FormValues = {}
  for (const spec of specs) {
    const all = data.getAll(spec.name).filter((item): item is string => typeof item === 'string')
    values[spec.name] = spec.multiple ? all : (all[0] ?? '')
  }
  return values
}

/** The visitor's answers as the JSON body's `fields`, several values of one name as one list. */
export function readFields(form: HTMLFormElement, multipleNames: ReadonlySet<string>): ContactField[] {
  const fields: ContactField[] = []
  const lists = new Map<string, string[]>()
  for (const [name, value] of new FormData(form)) {
    if (NOT_FIELDS.has(name) || typeof value !== 'string') continue
    if (multipleNames.has(name)) {
      const list = lists.get(name) ?? []
      if (list.length === 0) fields.push({ name, value: list })
      list.push(value)
      lists.set(name, list)
    } else {
      fields.push({ name, value })
    }
  }
  // A multi-select with nothing chosen submits nothing; say so explicitly.
  for (const name of multipleNames) if (!lists.has(name)) fields.push({ name, value: [] })
  return fields
}
