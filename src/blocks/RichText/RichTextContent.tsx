import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { type JSXConvertersFunction, LinkJSXConverter, RichText } from '@payloadcms/richtext-lexical/react'
import { businessDetailConverters } from './BusinessDetailText'
import { headingStyleConverters } from './lexicalHeadingStyle'
import { tableConverters } from './lexicalTable'
import { uploadConverters } from './lexicalUpload'

/** Internal links point at a page document; its path is where the link goes. */
const internalDocToHref = ({ linkNode }: { linkNode: { fields: { doc?: { value?: unknown } | null } } }) => {
  const value = linkNode.fields.doc?.value
  return typeof value === 'object' && value && 'path' in value && typeof value.path === 'string' ? value.path : '/'
}

const converters: JSXConvertersFunction = ({ defaultConverters }) => ({
  ...defaultConverters,
  ...LinkJSXConverter({ internalDocToHref }),
  ...headingStyleConverters,
  ...tableConverters,
  ...uploadConverters,
  ...businessDetailConverters,
})

export function RichTextContent({ data }: { data: SerializedEditorState }) {
  return <RichText className="prose" converters={converters} data={data} />
}
