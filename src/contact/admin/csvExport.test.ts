import { describe, expect, it } from 'vitest'
import type { Form, FormSubmission } from '@/payload-types'
import { submissionsCsv } from './csvExport'

/** The form as an editor left it: "company" removed. */
const editedForm = {
  id: 115,
  title: 'Order a title search',
  fields: [{ blockType: 'text', name: 'name', label: 'Your name' }],
} as unknown as Form

const submission = (id: number, data: Array<{ name: string; value: string }>) =>
  ({ id, form: 115, createdAt: '2026-11-25T20:45:26.945Z', data }) as unknown as FormSubmission

describe('the submissions export', () => {
  it('keeps a column for values stored under a field name the form no longer has', () => {
    const csv = submissionsCsv(
      [
        submission(1, [
          { name: 'name', value: 'Ada Lane' },
          { name: 'company', value: 'Lane Abstract LLC' },
        ]),
        submission(2, [{ name: 'name', value: 'Bo Carter' }]),
      ],
      new Map([[115, editedForm]]),
    )
    const [header, first, second] = csv.split('\r\n').map((line) => line.split(',').slice(-2))
    expect(header).toEqual(['"Your name"', '"company"'])
    expect(first).toEqual(['"Ada Lane"', '"Lane Abstract LLC"'])
    expect(second).toEqual(['"Bo Carter"', '""'])
  })
})
