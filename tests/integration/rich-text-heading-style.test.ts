import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADING_STYLE_STATE_KEY, HEADING_STYLES } from '@/blocks/RichText/headingStyle'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

type ResolvedFeature = {
  ClientFeature?: unknown
  clientFeatureProps?: { state?: Record<string, Record<string, { label: string }>> }
}

const styledText = (text: string, style: string) => ({
  type: 'text',
  text,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
  $: { [HEADING_STYLE_STATE_KEY]: style },
})

describe('heading style in the rich-text editor', () => {
  it('is in the toolbar of the editor every rich-text field uses, offering h1 to h6', () => {
    const editor = payload.config.editor as unknown as {
      editorConfig: { resolvedFeatureMap: Map<string, ResolvedFeature> }
    }
    const feature = editor.editorConfig.resolvedFeatureMap.get('textState')
    expect(feature).toBeDefined()
    // What the admin's toolbar receives: Payload's own client feature with one entry per level.
    expect(feature?.ClientFeature).toBe('@payloadcms/richtext-lexical/client#TextStateFeatureClient')
    const values = feature?.clientFeatureProps?.state?.[HEADING_STYLE_STATE_KEY]
    expect(Object.keys(values ?? {})).toEqual([...HEADING_STYLES])
    expect(values?.h2.label).toMatch(/heading 2/)
  })

  it('keeps the style an editor chose when a page is saved and read back', async () => {
    const page = await payload.create({
      collection: 'pages',
      data: {
        title: 'Styled text',
        slug: 'styled-text',
        _status: 'published',
        layout: [
          {
            blockType: 'richText',
            content: {
              root: {
                type: 'root',
                direction: 'ltr',
                format: '',
                indent: 0,
                version: 1,
                children: [
                  {
                    type: 'paragraph',
                    direction: 'ltr',
                    format: '',
                    indent: 0,
                    version: 1,
                    textFormat: 0,
                    textStyle: '',
                    children: [styledText('Looks like a heading', 'h3')],
                  },
                ],
              },
            },
          },
        ],
      } as never,
    })
    const read = await payload.findByID({ collection: 'pages', id: page.id })
    const block = read.layout[0]
    const content = block.blockType === 'richText' ? block.content : null
    const run = (content?.root.children[0] as unknown as { children: { $?: Record<string, string> }[] }).children[0]
    expect(run.$?.[HEADING_STYLE_STATE_KEY]).toBe('h3')
  })
})
