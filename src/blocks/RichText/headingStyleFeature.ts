import { TextStateFeature } from '@payloadcms/richtext-lexical'
import { HEADING_STYLE_STATE_KEY, HEADING_STYLES, type HeadingStyle } from './headingStyle'

/** How each style looks inside the admin editor, close to the site's `.h1`…`.h6` (the admin does not load the site's CSS). */
const EDITOR_FONT_SIZE: Record<HeadingStyle, string> = {
  h1: '2.4em',
  h2: '1.8em',
  h3: '1.35em',
  h4: '1.15em',
  h5: '1em',
  h6: '0.9em',
}

/**
 * The rich-text toolbar's "heading style" menu: Payload's text-state feature with one state,
 * whose values are the heading levels. Choosing "Default style" removes it again.
 */
export const headingStyleFeature = () =>
  TextStateFeature({
    state: {
      [HEADING_STYLE_STATE_KEY]: Object.fromEntries(
        HEADING_STYLES.map((level) => [
          level,
          {
            label: `Looks like heading ${level.slice(1)}`,
            css: {
              'font-family': 'Georgia, serif',
              'font-weight': '700',
              'font-size': EDITOR_FONT_SIZE[level],
              ...(level === 'h6' ? { 'text-transform': 'uppercase', 'letter-spacing': '0.06em' } : {}),
            },
          },
        ]),
      ),
    },
  })
