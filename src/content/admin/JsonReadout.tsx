'use client'
import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import './jsonReadout.css'

/** What an empty JSON field shows. */
export const EMPTY_JSON_TEXT = '(none)'

/** A JSON value as indented text, two spaces a level. */
export const jsonAsText = (value: unknown) =>
  value === undefined || value === null ? EMPTY_JSON_TEXT : JSON.stringify(value, null, 2)

/**
 * A JSON field the site writes and people only read (a chat's session variables, an event's data),
 * shown as indented text. Payload's own JSON field loads its code editor from a public CDN, which
 * the admin's CSP refuses and a private site should not call: the field stayed blank.
 */
export const JsonReadout: JSONFieldClientComponent = ({ field, path: pathFromProps }) => {
  const path = pathFromProps ?? field.name
  const { value } = useField<unknown>({ path })
  const name = typeof field.label === 'string' ? field.label : field.name
  return (
    <div className="field-type json-readout">
      <FieldLabel label={field.label} path={path} />
      {/* Focusable so that a long value can be scrolled from the keyboard. */}
      <pre className="json-readout__text" tabIndex={0} aria-label={name}>
        {jsonAsText(value)}
      </pre>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
