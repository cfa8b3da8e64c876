import type { Endpoint, PayloadRequest } from 'payload'
import { hasRole, type Role } from '@/cms/access'
import type { FormSubmission } from '@/payload-types'

/** Cells a spreadsheet would run as a formula when they start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/
const PAGE_SIZE = 500

/** One CSV cell: quoted, quotes doubled, formula starts neutralised with a leading apostrophe. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export const csvRow = (cells: unknown[]): string => cells.map(csvCell).join(',') + '\r\n'

const FIXED_COLUMNS = [
  'id',
  'createdAt',
  'form',
  'deliveryStatus',
  'deliveryAttempts',
  'deliveredAt',
  'lastDeliveryError',
  'pageUrl',
] as const

/** Every submission as CSV: the fixed columns, then one column per field name seen. */
export function submissionsCsv(submissions: FormSubmission[]): string {
  const fieldNames: string[] = []
  for (const submission of submissions)
    for (const item of submission.data ?? []) if (!fieldNames.includes(item.name)) fieldNames.push(item.name)
  let csv = csvRow([...FIXED_COLUMNS, ...fieldNames])
  for (const submission of submissions) {
    const values = new Map((submission.data ?? []).map((item) => [item.name, item.value ?? '']))
    const form = typeof submission.form === 'object' ? submission.form.id : submission.form
    csv += csvRow([
      submission.id,
      submission.createdAt,
      form,
      submission.deliveryStatus,
      submission.deliveryAttempts,
      submission.deliveredAt,
      submission.lastDeliveryError,
      submission.pageUrl,
      ...fieldNames.map((name) => values.get(name) ?? ''),
    ])
  }
  return csv
}

const canExport = (req: PayloadRequest) => hasRole(req.user as { roles?: Role[] } | null, 'admin')

/** GET /api/form-submissions/export.csv, for admins: the whole list as a spreadsheet file. */
export const exportSubmissionsEndpoint: Endpoint = {
  path: '/export.csv',
  method: 'get',
  handler: async (req) => {
    if (!canExport(req)) return Response.json({ error: 'Only admins may export submissions.' }, { status: 403 })
    const submissions: FormSubmission[] = []
    for (let page = 1; ; page++) {
      const result = await req.payload.find({
        collection: 'form-submissions',
        depth: 0,
        limit: PAGE_SIZE,
        page,
        sort: 'createdAt',
        overrideAccess: true,
      })
      submissions.push(...(result.docs as FormSubmission[]))
      if (!result.hasNextPage) break
    }
    const day = new Date().toISOString().slice(0, 10)
    return new Response('\uFEFF' + submissionsCsv(submissions), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="form-submissions-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  },
}
