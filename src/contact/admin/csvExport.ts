import type { Endpoint, PayloadRequest, Where } from 'payload'
import { hasRole, type Role } from '@/platform/access'
import { BUSINESS_TIMEZONE, businessSpreadsheetTime } from '@/content/businessHours'
import type { Form, FormSubmission } from '@/payload-types'
import { labelledEntries } from '../delivery/email'

/** Cells a spreadsheet would run as a formula when they start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/
const PAGE_SIZE = 500
/** Rows one export writes at most; a filter narrows a larger list. */
export const EXPORT_ROW_LIMIT = 10_000
/** Set on an export cut at EXPORT_ROW_LIMIT, with the number of rows left out. */
export const ROWS_LEFT_OUT_HEADER = 'X-Rows-Left-Out'

export const EXPORT_MESSAGES = {
  signedOut: 'Sign in to export submissions.',
  forbidden: 'Only admins may export submissions.',
  badFilter: 'The filter could not be read. Change it in the list and export again.',
} as const

/** One CSV cell: quoted, quotes doubled, formula starts neutralised with a leading apostrophe. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export const csvRow = (cells: unknown[]): string => cells.map(csvCell).join(',') + '\r\n'

/** The moments' columns name the zone their times are in (the business's, as the inbox shows them). */
const inZone = (name: string) => `${name} (${BUSINESS_TIMEZONE})`

const FIXED_COLUMNS = [
  'id',
  inZone('createdAt'),
  'form',
  'deliveryStatus',
  inZone('handledAt'),
  'deliveryAttempts',
  inZone('deliveredAt'),
  'lastDeliveryError',
  'pageUrl',
] as const

/**
 * Submissions as CSV: the fixed columns with the form's title, then one column per field label
 * seen, holding what the visitor saw (option labels, Yes/No), as the email to the business does.
 */
export function submissionsCsv(submissions: FormSubmission[], forms: Map<number, Form>): string {
  const columns: string[] = []
  const rows = submissions.map((submission) => {
    const formId = typeof submission.form === 'object' ? submission.form.id : submission.form
    const form = forms.get(formId)
    const entries = labelledEntries(form ?? null, submission)
    for (const entry of entries) if (!columns.includes(entry.label)) columns.push(entry.label)
    return { submission, form, values: new Map(entries.map((entry) => [entry.label, entry.value])) }
  })
  let csv = csvRow([...FIXED_COLUMNS, ...columns])
  for (const { submission, form, values } of rows)
    csv += csvRow([
      submission.id,
      businessSpreadsheetTime(submission.createdAt),
      form?.title ?? submission.form,
      submission.deliveryStatus,
      businessSpreadsheetTime(submission.handledAt),
      submission.deliveryAttempts,
      businessSpreadsheetTime(submission.deliveredAt),
      submission.lastDeliveryError,
      submission.pageUrl,
      ...columns.map((label) => values.get(label) ?? ''),
    ])
  return csv
}

const answer = (status: number, error: string) =>
  Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } })

/** The fields the list's search box looks in (the collection's `listSearchableFields`). */
export const SEARCHED_FIELDS = ['summary', 'pageUrl', 'lastDeliveryError'] as const
/** Longest search text the export takes, as a search box would hold. */
const MAX_SEARCH_LENGTH = 200

/**
 * The list's `where` from the query string, and its search box (`search`) as the list applies it:
 * any searched field containing the text. Absent, or an object; a malformed one is null.
 */
function whereOf(req: PayloadRequest): Where | undefined | null {
  const query = (req.query as Record<string, unknown> | undefined) ?? {}
  const { where, search } = query
  if (where !== undefined && (!where || typeof where !== 'object' || Array.isArray(where))) return null
  if (search !== undefined && (typeof search !== 'string' || search.length > MAX_SEARCH_LENGTH)) return null
  const text = typeof search === 'string' ? search.trim() : ''
  if (!text) return where as Where | undefined
  const searched: Where = { or: SEARCHED_FIELDS.map((field) => ({ [field]: { like: text } })) }
  return where ? { and: [where as Where, searched] } : searched
}

/** GET /api/form-submissions/export.csv?where[...]: the list as filtered, for admins, as a spreadsheet file. */
export const exportSubmissionsEndpoint: Endpoint = {
  path: '/export.csv',
  method: 'get',
  handler: async (req) => {
    const user = req.user as { roles?: Role[] } | null
    if (!user) return answer(401, EXPORT_MESSAGES.signedOut)
    if (!hasRole(user, 'admin')) return answer(403, EXPORT_MESSAGES.forbidden)
    const where = whereOf(req)
    if (where === null) return answer(400, EXPORT_MESSAGES.badFilter)
    const submissions: FormSubmission[] = []
    let total = 0
    try {
      for (let page = 1; submissions.length < EXPORT_ROW_LIMIT; page++) {
        const result = await req.payload.find({
          collection: 'form-submissions',
          where,
          depth: 0,
          limit: PAGE_SIZE,
          page,
          sort: 'createdAt',
          overrideAccess: false,
          user: req.user,
        })
        total = result.totalDocs
        submissions.push(...(result.docs as FormSubmission[]))
        if (!result.hasNextPage) break
      }
    } catch (error) {
      req.payload.logger.warn({ err: error }, 'submissions export: filter refused')
      return answer(400, EXPORT_MESSAGES.badFilter)
    }
    const rows = submissions.slice(0, EXPORT_ROW_LIMIT)
    const formIds = [...new Set(rows.map((row) => (typeof row.form === 'object' ? row.form.id : row.form)))]
    const { docs: forms } = await req.payload.find({
      collection: 'forms',
      where: { id: { in: formIds } },
      depth: 0,
      limit: 0,
      overrideAccess: true,
    })
    const day = new Date().toISOString().slice(0, 10)
    return new Response('\uFEFF' + submissionsCsv(rows, new Map(forms.map((form) => [form.id, form as Form]))), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="form-submissions-${day}.csv"`,
        'Cache-Control': 'no-store',
        [ROWS_LEFT_OUT_HEADER]: String(Math.max(0, total - rows.length)),
      },
    })
  },
}
