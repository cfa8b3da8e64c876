import type { SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical'
import {
  type JSXConverterArgs,
  type JSXConverters,
  ParagraphJSXConverter,
  TextJSXConverter,
} from '@payloadcms/richtext-lexical/react'
import type { ReactNode } from 'react'
import { headingStyleOf, paragraphHeadingStyle } from './headingStyle'

type StatefulNode = SerializedLexicalNode & { $?: Record<string, unknown>; children?: StatefulNode[] }
type Args = JSXConverterArgs<StatefulNode>

/** Text without its heading style, for runs whose paragraph already carries the class. */
const withoutHeadingStyle = (node: StatefulNode): StatefulNode => ({ ...node, $: undefined })

/** Payload's own converter for the node, for everything the heading style does not change. */
function payloadDefault(converter: JSXConverters[string], args: Args): ReactNode {
  return typeof converter === 'function' ? converter(args) : (converter as ReactNode)
}

/**
 * Heading-styled text renders with the theme's `.h1`…`.h6` class: a paragraph whose text is all
 * in one style becomes `<p class="hN">`, a styled run inside other text becomes `<span class="hN">`.
 */
export const headingStyleConverters: JSXConverters = {
  text: (args: Args) => {
    const inner = payloadDefault(TextJSXConverter.text, args)
    const style = headingStyleOf(args.node)
    return style ? <span className={style}>{inner}</span> : inner
  },
  paragraph: (args: Args) => {
    const children = args.node.children ?? []
    const style = paragraphHeadingStyle(children)
    if (!style) return payloadDefault(ParagraphJSXConverter.paragraph, args)
    return <p className={style}>{args.nodesToJSX({ nodes: children.map(withoutHeadingStyle) })}</p>
  },
}
