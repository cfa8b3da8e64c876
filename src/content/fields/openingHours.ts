import type { Field, Validate } from 'payload'
import { openingHoursErrors, type OpeningHoursRow, type RowErrors, WEEKDAY_NAMES, WEEKDAYS } from '../businessHours'

/** The rows of the array a row field sits in, found along the field's path in the whole form's data. */
function rowsAround(data: unknown, path: (number | string)[]): { rows: OpeningHoursRow[]; index: number } {
  const index = Number(path[path.length - 2])
  let node: unknown = data
  for (const key of path.slice(0, -2)) node = (node as Record<string, unknown> | undefined)?.[key]
  return { rows: Array.isArray(node) ? (node as OpeningHoursRow[]) : [], index }
}

/**
 * Shows beside one field of a row what the shared rules find wrong with it. On save Payload names
 * the field's path, and the row is checked among all of them (overlaps); while the admin's form
 * checks as the editor types it names none, and the row is checked alone.
 */
export const openingHoursRowRule =
  (field: keyof RowErrors): Validate =>
  (_value, { data, path, siblingData }) => {
    const { rows, index } = Array.isArray(path)
      ? rowsAround(data, path)
      : { rows: [siblingData as OpeningHoursRow], index: 0 }
    return openingHoursErrors(rows).get(index)?.[field] ?? true
  }

const time = (name: 'opens' | 'closes', label: string, example: string): Field => ({
  name,
  label,
  type: 'text',
  required: true,
  admin: { width: '25%', placeholder: example, description: '24-hour HH:MM' },
  validate: openingHoursRowRule(name),
})

/** The weekly opening hours editor: rows of days with an opening and a closing time. */
export const openingHoursField: Field = {
  name: 'openingHours',
  label: 'Opening hours',
  type: 'array',
  labels: { singular: 'Opening hours row', plural: 'Opening hours rows' },
  admin: {
    description:
      'When the office is open, in Ohio time. The site shows these hours, search engines read them, and the chat is online only within them. No rows: the chat has no time restriction.',
  },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'days',
          type: 'select',
          hasMany: true,
          required: true,
          options: WEEKDAYS.map((value) => ({ label: WEEKDAY_NAMES[value], value })),
          admin: { width: '50%' },
          validate: openingHoursRowRule('days'),
        },
        time('opens', 'Opens', '08:30'),
        time('closes', 'Closes', '17:00'),
      ],
    },
  ],
}

export const openingHoursNoteField: Field = {
  name: 'hoursNote',
  label: 'Opening hours note',
  type: 'text',
  admin: { description: 'Shown after the hours, e.g. “closed on major holidays”.' },
}
