// The report of bench/hostile.mjs: bench/results/hostile.json, and a table for RESULTS.md.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'

/** @typedef {import('./hostileFloods.mjs').VisitorFigures} VisitorFigures */
/**
 * What a flood showed: the statuses, the rows and emails it made, the normal visitor meanwhile,
 * and how many seeded pages were still cached after.
 * @typedef {object} FloodRow
 * @property {string} endpoint
 * @property {number} sent
 * @property {Record<string, number>} statuses
 * @property {Record<string, number>} [created]
 * @property {VisitorFigures} visitor
 * @property {string} [pagesCached]
 * @property {number} [errors]
 * @property {number} [timeouts]
 */

/**
 * Writes the run's rows to bench/results/hostile.json and prints them as a table.
 * @param {FloodRow[]} rows
 * @param {{ seconds: number, connections: number }} load
 */
export function reportHostileRun(rows, { seconds, connections }) {
  const summary = {
    date: new Date().toISOString(),
    seconds,
    connections,
    note: 'one machine, one socket address; every request claims a new X-Forwarded-For, which the server ignores (no TRUST_PROXY)',
    rows,
  }
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true })
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'hostile.json'), `${JSON.stringify(summary, null, 2)}\n`)
  console.log(
    '\n| endpoint | sent | statuses | rows / emails created | visitor p50 / p99 (ms) | visitor failures | pages still cached |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) {
    const statuses = Object.entries(row.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')
    const created = row.created
      ? `${row.created.submissions} submissions, ${row.created.conversations} chats, ${row.created.analyticsEvents} events, ${row.created.emails} emails`
      : 'n/a'
    console.log(
      `| ${row.endpoint} | ${row.sent} | ${statuses} | ${created} | ${row.visitor.p50Ms} / ${row.visitor.p99Ms} | ${row.visitor.failures} | ${row.pagesCached ?? '—'} |`,
    )
  }
}
