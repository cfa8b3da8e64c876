import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { ColumnsBlock as ColumnsBlockData } from '@/payload-types'
import { MediaImage, shareOfColumnSizes } from '../Media'
import { RichTextContent } from '../RichText/RichTextContent'

/** Two or three columns of text and images side by side, stacked into one below 768 px (CSS). */
export function ColumnsBlock({ block }: { block: ColumnsBlockData }) {
  const count = block.columns.length
  return (
    <div className="container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <div className={`columns columns--${count}`}>
        {block.columns.map((column, i) => (
          <div key={column.id ?? i} className="column">
            {column.image ? (
              <MediaImage media={column.image} sizes={shareOfColumnSizes(1 / count)} className="column-image" />
            ) : null}
            {column.content ? <RichTextContent data={column.content as unknown as SerializedEditorState} /> : null}
          </div>
        ))}
      </div>
    </div>
  )
}
