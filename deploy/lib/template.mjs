// Fills a deploy template: every {{NAME}} from `values`, and a name it lacks is an error, not an
// empty line in a configuration file.
import fs from 'node:fs'

/**
 * @param {string} file
 * @param {Record<string, string | number>} values
 * @returns {string}
 */
export function renderTemplate(file, values) {
  return fs.readFileSync(file, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${file} names {{${name}}}, which nothing fills`)
    return String(values[name])
  })
}
