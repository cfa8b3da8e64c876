import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { RichTextBlock as RichTextBlockData } from '@/payload-types'
import { RichTextContent } from './RichTextContent'

export function RichTextBlock({ block }: { block: RichTextBlockData }) {
  return (
    <div className="container">
      <RichTextContent data={block.content as unknown as SerializedEditorState} />
    </div>
  )
}
