import type { Form } from '@/payload-types'
import type { FieldRule, FieldSpec } from './validation'

/** The parts of a CMS form document the rule engine needs; works on the browser's copy too. */
export type FormFieldsSource = Pick<Form, 'fields'>

type FormField = Form['fields'][number]

function rulesOf(field: FormField): FieldRule[] {
  return (field.rules ?? []).map(({ rule, param, param2 }) => ({ rule, param: param ?? null, param2: param2 ?? null }))
}

/** One field block of a form, as the validation engine reads it. */
export function fieldSpecOf(field: FormField): FieldSpec {
  const spec: FieldSpec = {
    name: field.name,
    label: field.label,
    required: field.required === true,
    type: field.blockType,
    rules: rulesOf(field),
  }
  if (field.blockType === 'select' || field.blockType === 'radio') {
    spec.options = field.options.map((option) => option.value)
  }
  if (field.blockType === 'select') spec.multiple = field.multiple === true
  return spec
}

/** A CMS form document as the engine's FieldSpec[]: the same list in the browser and on the server. */
export function fieldSpecsOf(form: FormFieldsSource): FieldSpec[] {
  return form.fields.map(fieldSpecOf)
}
