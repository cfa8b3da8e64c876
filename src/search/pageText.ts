/** Fields of page blocks whose text a visitor reads; ids, anchors, links and settings are not. */
const READABLE_FIELDS = new Set([
  'heading',
  'text',
  'question',
  'answer',
  'quote',
  'name',
  'role',
  'label',
  'description',
  'caption',
  'note',
  'service',
  'includes',
  'turnaround',
  'price',
])

type Json = unknown

function collect(value: Json, key: string | null, out: string[]): void {
  if (typeof value === 'string') {
    if (key !== null && READABLE_FIELDS.has(key)) out.push(value)
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, key, out)
    return
  }
  if (!value || typeof value !== 'object') return
  const node = value as Record<string, Json>
  // A Lexical text node: its `text` is what the reader sees.
  if (node.type === 'text' && typeof node.text === 'string') {
    out.push(node.text)
    return
  }
  for (const [childKey, child] of Object.entries(node)) {
    if (typeof child === 'string') collect(child, childKey, out)
    else collect(child, childKey === 'children' || childKey === 'root' ? key : childKey, out)
  }
}

/** The readable text of a page's blocks, rich text included, as one string. */
export function pageText(layout: Json): string {
  const parts: string[] = []
  collect(layout, null, parts)
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}
