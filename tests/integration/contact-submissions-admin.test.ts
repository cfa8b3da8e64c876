import { describe, expect, it } from 'vitest'
import { csvCell, exportSubmissionsEndpoint, submissionsCsv } from '@/contact/admin/csvExport'
import type { FormSubmission } from '@/payload-types'
import { payload, setUpDeliverySuite, submit } from '../support/contactDelivery'

setUpDeliverySuite()

describe('submissions in the admin', () => {
  it('finds submissions by the searchable summary', async () => {
    await submit({ name: 'Searchable Sam' })
    const { docs } = await payload.find({
      collection: 'form-submissions',
      where: { summary: { like: 'Searchable Sam' } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0].summary).toContain('<ada@example.com>')
  })

  it('exports CSV with formula-looking cells neutralised', async () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('+1')).toBe(`"'+1"`)
    expect(csvCell('-2')).toBe(`"'-2"`)
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`)
    expect(csvCell('plain')).toBe('"plain"')
    await submit({ name: '=cmd|calc' })
    const { docs } = await payload.find({ collection: 'form-submissions', limit: 0, depth: 0 })
    const csv = submissionsCsv(docs as FormSubmission[], new Map())
    expect(csv.split('\r\n')[0]).toContain('"deliveryStatus"')
    expect(csv).toContain(`"'=cmd|calc"`)
    expect(csv).not.toMatch(/(^|,)"=/m)
  })

  it('lets only admins download the export', async () => {
    const call = (roles: string[] | null) =>
      exportSubmissionsEndpoint.handler({ payload, user: roles ? { roles } : null } as never) as Promise<Response>
    expect((await call(null)).status).toBe(401)
    expect((await call(['editor'])).status).toBe(403)
    const ok = await call(['admin'])
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('text/csv')
    expect(await ok.text()).toContain('Searchable Sam')
  })
})
