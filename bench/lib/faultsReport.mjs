// The "Faults" section `node bench/faults.mjs` writes into bench/RESULTS.md, from its result.
import { SECTION_END, SECTION_START } from './faultsSettings.mjs'

/**
 * What `node bench/faults.mjs` found (bench/results/faults.json).
 * @typedef {object} FaultsResult
 * @property {string} measuredAt
 * @property {{ cpus: number, loadAverage: number[] }} machine
 * @property {(Omit<import('./faultsPhases.mjs').Phase, 'started' | 'recoveryS'> & { recoveryS: number | null })[]} phases
 * @property {{ accepted: number, refused: number, stored: number, emailed: number, emailedTwice: number }} contact
 * @property {{ sent: number, received: number, lost: number, streamReconnects: number }} chat
 */

const classes = (/** @type {import('./faultsPhases.mjs').Phase['requests']} */ requests) =>
  Object.entries(requests)
    .map(
      ([kind, counts]) =>
        `${kind}: ${Object.entries(counts)
          .filter(([, n]) => n)
          .map(([c, n]) => `${n} ${c}`)
          .join(', ')}`,
    )
    .join('; ')

/**
 * The section, its markers included.
 * @param {FaultsResult} result
 * @returns {string}
 */
export function faultsSection(result) {
  const rows = result.phases.map(
    (p) =>
      `| ${p.name} | ${classes(p.requests)} | ${p.longestMs} ms | ${p.overHangMs} | ${p.maintenancePages} | ${p.recoveryS ?? '—'} |`,
  )
  return [
    SECTION_START,
    '## Faults',
    '',
    `\`node bench/faults.mjs\`, ${result.measuredAt} (${result.machine.cpus} cores, load ${result.machine.loadAverage.join(' ')}):`,
    'the production front under a steady load (4 page loops, a contact post and a chat message every 0.5 s),',
    'with one instance, then Redis, then PostgreSQL killed with `kill -9` and brought back.',
    '',
    '| phase | answers by status class | longest | over 2 s | maintenance pages | back after (s) |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Contact: ${result.contact.accepted} accepted, ${result.contact.refused} refused (503 while the database was down), ${result.contact.stored} stored, ${result.contact.emailed} emailed, ${result.contact.emailedTwice} emailed twice.`,
    `Chat: ${result.chat.sent} messages sent, ${result.chat.received} received on the visitor's stream (${result.chat.lost} lost), ${result.chat.streamReconnects} stream reconnects.`,
    SECTION_END,
  ].join('\n')
}
