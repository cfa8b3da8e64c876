// File names and MIME types for the extension and accept rules, and the parameters that list them.

export const DEFAULT_EXTENSIONS = 'png|jpe?g|gif'
const EXTENSION_TOKEN = /^[a-z0-9][a-z0-9.?]*$/

/** "jpe?g" -> ["jpeg", "jpg"], the one piece of pattern syntax the default parameter uses. */
function expandOptional(token: string): string[] {
  const mark = token.indexOf('?')
  if (mark === -1) return [token]
  const head = token.slice(0, mark)
  return expandOptional(token.slice(mark + 1)).flatMap((tail) => [head + tail, head.slice(0, -1) + tail])
}

export function parseExtensions(param: string): string[] | null {
  const tokens = param
    .split(/[|,]/)
    .map((token) => token.trim().toLowerCase().replace(/^\./, ''))
    .filter((token) => token !== '')
  if (tokens.length === 0) return null
  const extensions: string[] = []
  for (const token of tokens) {
    if (!EXTENSION_TOKEN.test(token) || /\?\?|\.\?|\.\.|\.$/.test(token)) return null
    if (token.split('?').length > 5) return null
    for (const extension of expandOptional(token)) {
      if (extension === '' || extension.startsWith('.') || extension.endsWith('.')) return null
      if (!extensions.includes(extension)) extensions.push(extension)
    }
  }
  return extensions
}

export function hasExtension(value: string, extensions: string[]): boolean {
  const slash = Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\'))
  const fileName = value.slice(slash + 1).toLowerCase()
  return extensions.some((extension) => fileName.length > extension.length + 1 && fileName.endsWith(`.${extension}`))
}

export const DEFAULT_ACCEPT = 'image/*'
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/
const MIME_WILDCARD = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/\*$/

export function parseAccept(param: string): string[] | string {
  const tokens = param
    .split(/[|,]/)
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '')
  if (tokens.length === 0) return 'accept needs MIME types separated by commas, such as image/*,application/pdf.'
  for (const token of tokens) {
    if (token.startsWith('.')) {
      return `accept takes MIME types, not file extensions such as "${token}"; use the extension rule for those.`
    }
    if (token.length > 255 || !(token === '*/*' || MIME_TYPE.test(token) || MIME_WILDCARD.test(token))) {
      return `accept: "${token}" is not a MIME type such as image/* or application/pdf.`
    }
  }
  return tokens
}

export function isAcceptedType(value: string, types: string[]): boolean {
  if (value.length > 255) return false
  const mime = value.split(';')[0].trim().toLowerCase()
  if (!MIME_TYPE.test(mime)) return false
  return types.some(
    (type) => type === '*/*' || type === mime || (type.endsWith('/*') && mime.startsWith(type.slice(0, -1))),
  )
}
