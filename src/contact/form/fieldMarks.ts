// The ids of a rendered form and the marks on its fields: one rule for the server's render (a refused
// no-JavaScript post shown again) and for the behaviour in the browser, so both name a field's error
// the same way and a second copy of the form on the page (with its prefix) repeats no id.
import type { Form } from '@/payload-types'
import { SENT_FRAGMENT_SUFFIX } from '../protocol'

/** The class of the message shown under a field. */
export const FIELD_ERROR_CLASS = 'field-error'
/** The class of a field's row (its label, control, help and error mark). */
export const FIELD_ROW_CLASS = 'form-field'
/** Set on a field's row by the server: the id its error mark takes, read by the browser's behaviour. */
export const ERROR_ID_ATTRIBUTE = 'data-error-id'
/** Set on a row the browser found valid after a change (a dropdown's new choice). */
export const VALID_ROW_CLASS = 'is-valid'

/**
 * Element ids come from the form's id and its field names; a second copy of a form on the same
 * page (the chat's offline message on /contact) takes a prefix so that its ids stay unique.
 */
export const formElementId = (form: Pick<Form, 'id'>, idPrefix = '') => `${idPrefix}contact-form-${form.id}`

/** The notice a no-JavaScript send returns to (`#contact-form-115-sent`), shown by CSS while it is the target. */
export const sentNoticeId = (form: Pick<Form, 'id'>, idPrefix = '') =>
  `${formElementId(form, idPrefix)}${SENT_FRAGMENT_SUFFIX}`

/** A field's control id (a radio group's, for its help and error): the editor's element id or its name. */
export const controlIdOf = (field: { name: string; elementId?: string | null }, idPrefix = '') =>
  `${idPrefix}${field.elementId || field.name}`
export const helpIdOf = (controlId: string) => `${controlId}-help`
export const errorIdOf = (controlId: string) => `${controlId}-error`

/** An `aria-describedby` list with `id` put last (present) or taken out; undefined when nothing is left. */
export function describedByWith(current: string | null | undefined, id: string, present: boolean): string | undefined {
  const ids = (current ?? '').split(/\s+/).filter((item) => item && item !== id)
  if (present) ids.push(id)
  return ids.length > 0 ? ids.join(' ') : undefined
}

/** A field as the browser marks it: its row, the elements that take focus and aria-invalid, its error mark's id. */
export type MarkedField = { row: HTMLElement; targets: HTMLElement[]; errorId: string }

/** Shows `message` under the field, or takes its mark away (null); the targets say so to assistive technology. */
export function markFieldError(field: MarkedField, message: string | null): void {
  let mark = field.row.ownerDocument.getElementById(field.errorId)
  for (const target of field.targets) {
    const describedBy = describedByWith(target.getAttribute('aria-describedby'), field.errorId, message !== null)
    if (describedBy) target.setAttribute('aria-describedby', describedBy)
    else target.removeAttribute('aria-describedby')
    if (message === null) target.removeAttribute('aria-invalid')
    else target.setAttribute('aria-invalid', 'true')
  }
  if (message === null) return mark?.remove()
  if (!mark) {
    mark = field.row.ownerDocument.createElement('mark')
    mark.className = FIELD_ERROR_CLASS
    mark.id = field.errorId
    field.row.append(mark)
  }
  mark.textContent = message
  field.row.classList.remove(VALID_ROW_CLASS)
}

/** Whether the field shows an error now. */
export const hasFieldError = (field: MarkedField): boolean =>
  field.row.ownerDocument.getElementById(field.errorId) !== null
