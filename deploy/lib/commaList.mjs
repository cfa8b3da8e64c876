/**
 * The entries of a comma-separated setting or option (`a, b,,c`): each trimmed, the empty ones left out.
 * @param {string} text
 * @returns {string[]}
 */
export const commaList = (text) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
