import type { Form } from '@/payload-types'
import { checkFieldRules, type FieldRule, type FieldSpec } from './validation'

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A parameter as the editor saved it; a number sent over the API counts as its text. */
const paramText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null

/**
 * The `validate` of a form field's rule list in the forms collection: refuses a rule the engine would
 * skip in the browser and on the server, with the reason, naming the field and the rule, beside the list.
 */
export function refuseUnworkableRules(
  rules: unknown,
  { data, siblingData }: { data?: unknown; siblingData?: unknown },
): true | string {
  const rows = Array.isArray(rules) ? rules.filter(isRecord) : []
  const spec: FieldSpec = {
    name: isRecord(siblingData) && typeof siblingData.name === 'string' ? siblingData.name : '',
    rules: rows.map((row) => ({
      rule: row.rule as FieldRule['rule'],
      param: paramText(row.param),
      param2: paramText(row.param2),
    })),
  }
  const blocks = isRecord(data) && Array.isArray(data.fields) ? data.fields.filter(isRecord) : []
  // Without the form's fields, the names equalTo and require_from_group use cannot be checked.
  const allSpecs = blocks.length > 0 ? blocks.map((block) => ({ name: String(block.name ?? '') })) : undefined
  return checkFieldRules(spec, allSpecs) ?? true
}
