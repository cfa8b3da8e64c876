/**
 * Heading style: editors give a run of text (or a whole paragraph) the typography of a heading
 * level without adding a heading to the page outline. Lexical stores the choice as a text-node
 * state under this key; the site renders it as the `.h1`…`.h6` classes of the theme.
 */
export const HEADING_STYLE_STATE_KEY = 'headingStyle'

export const HEADING_STYLES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const
export type HeadingStyle = (typeof HEADING_STYLES)[number]

const isHeadingStyle = (value: unknown): value is HeadingStyle =>
  typeof value === 'string' && (HEADING_STYLES as readonly string[]).includes(value)

/** The heading style stored on a serialized text node, if it is one we know. */
export function headingStyleOf(node: { $?: unknown }): HeadingStyle | null {
  const state = node.$
  if (!state || typeof state !== 'object') return null
  const value = (state as Record<string, unknown>)[HEADING_STYLE_STATE_KEY]
  return isHeadingStyle(value) ? value : null
}

/**
 * The one heading style shared by every text run of a paragraph, or null when the paragraph
 * has unstyled text or mixes styles (then each run carries its own class).
 */
export function paragraphHeadingStyle(children: { type?: string; $?: unknown }[]): HeadingStyle | null {
  const texts = children.filter((child) => child.type === 'text')
  if (texts.length === 0 || texts.length !== children.filter((child) => child.type !== 'linebreak').length) return null
  const first = headingStyleOf(texts[0])
  return first && texts.every((text) => headingStyleOf(text) === first) ? first : null
}
