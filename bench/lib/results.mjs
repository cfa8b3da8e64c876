// bench/RESULTS.md holds one section per benchmark between its markers; a run replaces its own.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'

export const RESULTS_MD = path.join(ROOT, 'bench', 'RESULTS.md')

/**
 * Replaces the text from `start` to `end` (markers included, as `section` carries them), or appends `section`.
 * @param {string} section
 * @param {string} start
 * @param {string} end
 * @param {string} [file]
 */
export function writeResultsSection(section, start, end, file = RESULTS_MD) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  const updated =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`
  fs.writeFileSync(file, updated)
}
