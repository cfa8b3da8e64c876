// Field and form validation: what the browser runs as a visitor types and the server runs on submit.
import { compile, type Check, type FieldInput } from './compile'
import { isEmail } from './formats/internet'
import { MESSAGES } from './messages'
import type { FieldErrors, FieldSpec, FormValues } from './types'
import { hasOwn, isBlank, readItems } from './values'

const isChoice = (spec: FieldSpec): boolean => spec.type === 'select' || spec.type === 'radio'

/** The first failing message for one field, or null when it is valid. Misconfigured rules are skipped. */
export function validateField(spec: FieldSpec, values: FormValues, allSpecs?: FieldSpec[]): string | null {
  const raw = readItems(values, spec.name)
  const multi = spec.multiple === true
  if (!multi && raw.length > 1) return isChoice(spec) ? MESSAGES.option : MESSAGES.single
  const items = multi ? raw.filter((item) => !isBlank(item)) : [raw[0] ?? '']
  const empty = items.every(isBlank)
  if (empty && spec.required) return MESSAGES.required

  const fieldNames = allSpecs ? new Set(allSpecs.map((other) => other.name)) : undefined
  const checks: Check[] = []
  for (const rule of spec.rules ?? []) {
    const compiled = compile(rule, fieldNames)
    if (!('error' in compiled)) checks.push(compiled)
  }
  const input: FieldInput = { items, multi, values }

  if (empty) {
    const failed = checks.find((check) => check.evenWhenEmpty && !check.test(input))
    return failed ? failed.message : null
  }
  const options = spec.options ?? []
  if (isChoice(spec) && options.length > 0) {
    if (!items.every((item) => options.includes(item) || options.includes(item.trim()))) return MESSAGES.option
  }
  if (spec.type === 'email' && !items.every((item) => isEmail(item.trim()))) return MESSAGES.email
  const failed = checks.find((check) => !check.test(input))
  return failed ? failed.message : null
}

/** Errors for every invalid field, keyed by field name; an empty object when the form is valid. */
export function validateForm(specs: FieldSpec[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const spec of specs) {
    if (hasOwn(errors, spec.name)) continue
    const message = validateField(spec, values, specs)
    // defineProperty, so a field named "__proto__" gets a real entry instead of changing the prototype.
    if (message !== null)
      Object.defineProperty(errors, spec.name, { value: message, enumerable: true, writable: true, configurable: true })
  }
  return errors
}
