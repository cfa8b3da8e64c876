import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { METRIC } from '@/metrics/siteMetrics'
import { BACKUP_WARN_AGE_HOURS } from './backups'
import { CERTIFICATE_WARN_DAYS } from './certificate'

type Rule = { alert: string; expr: string; for?: string; annotations: { summary?: string; action?: string } }

const alertsPage = fs.readFileSync(path.resolve(__dirname, '../../../docs/alerts.md'), 'utf8')
const yamlBlocks = [...alertsPage.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => parse(match[1]))
const rules: Rule[] = yamlBlocks
  .find((block) => block.groups)
  ?.groups.flatMap((group: { rules: Rule[] }) => group.rules)
const exprOf = (alert: string) => rules.find((rule) => rule.alert === alert)?.expr

describe('the alert rules of docs/alerts.md', () => {
  it('are valid YAML, each with an expression, a summary and what to do', () => {
    expect(rules.length).toBeGreaterThanOrEqual(5)
    for (const rule of rules) {
      expect(rule.expr, rule.alert).toBeTruthy()
      expect(rule.annotations.summary, rule.alert).toBeTruthy()
      expect(rule.annotations.action, rule.alert).toBeTruthy()
    }
  })

  it('name only series the site reports', () => {
    const reported = new Set<string>(Object.values(METRIC))
    const named = rules.flatMap((rule) => rule.expr.match(/\bsite_[a-z_]+/g) ?? [])
    expect(named.filter((name) => !reported.has(name))).toEqual([])
    for (const series of [
      METRIC.backupAge,
      METRIC.certificateDaysLeft,
      METRIC.mailOutboxDepth,
      METRIC.databaseUp,
      METRIC.redisUp,
    ])
      expect(named).toContain(series)
  })

  it('fire where the doctor starts to warn', () => {
    expect(exprOf('SiteBackupStale')).toBe(`min(${METRIC.backupAge}) > ${BACKUP_WARN_AGE_HOURS} * 3600`)
    expect(exprOf('SiteCertificateExpiring')).toBe(`min(${METRIC.certificateDaysLeft}) < ${CERTIFICATE_WARN_DAYS}`)
    expect(rules.find((rule) => rule.alert === 'SiteMailBacklog')?.for).toBe('30m')
  })
})
