// The fields of a server-rendered form as the browser's behaviour sees them: found from the
// validation engine's specs, checked as the visitor leaves or changes them.
import { dropdownOf } from '@/forms/dropdown/enhanceSelect'
import { type FieldSpec, validateField } from '@/forms/validation'
import {
  ERROR_ID_ATTRIBUTE,
  FIELD_ROW_CLASS,
  hasFieldError,
  type MarkedField,
  markFieldError,
  VALID_ROW_CLASS,
} from './fieldMarks'
import { holdWhilePressed } from './afterPress'
import { readValues } from './formValues'

export type FieldView = MarkedField & {
  spec: FieldSpec
  /** The controls of the field (several for a radio group). */
  controls: HTMLElement[]
  /** A select's value as rendered: a different choice marks the field valid at once. */
  initial: string
}

function controlsNamed(form: HTMLFormElement, name: string): HTMLElement[] {
  return Array.from(form.elements).filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element.getAttribute('name') === name,
  )
}

const selectValue = (select: HTMLSelectElement): string =>
  Array.from(select.selectedOptions)
    .map((option) => option.value)
    .join('\u0000')

/** Every field of the specs that the form shows, with the error id the server gave its row. */
export function findFields(form: HTMLFormElement, specs: FieldSpec[]): FieldView[] {
  return specs.flatMap((spec) => {
    const controls = controlsNamed(form, spec.name)
    const row = controls[0]?.closest<HTMLElement>(`.${FIELD_ROW_CLASS}`)
    const errorId = row?.getAttribute(ERROR_ID_ATTRIBUTE)
    if (!row || !errorId) return []
    const targets = controls.map((control) =>
      control instanceof HTMLSelectElement ? (dropdownOf(control)?.combobox ?? control) : control,
    )
    const first = controls[0]
    return [
      { spec, controls, targets, row, errorId, initial: first instanceof HTMLSelectElement ? selectValue(first) : '' },
    ]
  })
}

/** Checks the fields as the visitor goes (docs/behaviour.md); returns the function that stops it. */
export function checkFieldsAsTyped(form: HTMLFormElement, fields: FieldView[], specs: FieldSpec[]): () => void {
  const validateOne = (field: FieldView) =>
    markFieldError(field, validateField(field.spec, readValues(form, specs), specs))

  // Leaving a field by a press (a tap on Send) shows its check once that press has made its click.
  const afterPress = holdWhilePressed(form.ownerDocument)
  const fieldOf = (node: EventTarget | null): FieldView | undefined =>
    node instanceof Node ? fields.find((field) => field.row.contains(node)) : undefined

  function onFocusOut(event: FocusEvent) {
    const field = fieldOf(event.target)
    if (!field) return
    const next = event.relatedTarget
    if (next instanceof Node && field.row.contains(next)) return // still inside the field (a radio group, a dropdown)
    afterPress.run(field, () => validateOne(field))
  }

  function onValueChange(event: Event) {
    const field = fieldOf(event.target)
    // A dropdown's search text is not the field's value; its select reports the changes.
    if (!field || !field.controls.includes(event.target as HTMLElement)) return
    const control = field.controls[0]
    if (control instanceof HTMLSelectElement && selectValue(control) !== field.initial) {
      // A choice that differs from the initial one hides the error and marks the field valid (docs/behaviour.md).
      markFieldError(field, null)
      field.row.classList.add(VALID_ROW_CLASS)
      return
    }
    if (hasFieldError(field)) validateOne(field)
  }

  // A press on "Clear" empties the form: the check held for the field it left has nothing to say.
  const onReset = () => afterPress.drop()
  form.addEventListener('focusout', onFocusOut)
  form.addEventListener('reset', onReset)
  form.addEventListener('input', onValueChange)
  form.addEventListener('change', onValueChange)
  return () => {
    afterPress.stop()
    form.removeEventListener('focusout', onFocusOut)
    form.removeEventListener('reset', onReset)
    form.removeEventListener('input', onValueChange)
    form.removeEventListener('change', onValueChange)
  }
}

/** Takes every mark away (the form was cleared). */
export function clearFieldMarks(fields: FieldView[]): void {
  for (const field of fields) {
    markFieldError(field, null)
    field.row.classList.remove(VALID_ROW_CLASS)
  }
}
