import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { type JSXConvertersFunction, RichText } from '@payloadcms/richtext-lexical/react'
import { businessDetailConverters } from './BusinessDetailText'
import { headingStyleConverters } from './lexicalHeadingStyle'
import { linkConverters } from './lexicalLinks'
import { tableConverters } from './lexicalTable'
import { uploadConverters } from './lexicalUpload'

const converters: JSXConvertersFunction = ({ defaultConverters }) => ({
  ...defaultConverters,
  ...linkConverters,
  ...headingStyleConverters,
  ...tableConverters,
  ...uploadConverters,
  ...businessDetailConverters,
})

export function RichTextContent({ data }: { data: SerializedEditorState }) {
  return <RichText className="prose" converters={converters} data={data} />
}
