import type { Payload } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLUMNS_MAX, EMPTY_COLUMN_MESSAGE } from '@/blocks/Columns/config'
import { GALLERY_MAX_IMAGES, GALLERY_MIN_IMAGES } from '@/blocks/Gallery/config'
import { VIDEO_FILE_MESSAGE } from '@/blocks/Video/config'
import { VIDEO_URL_MESSAGE } from '@/blocks/Video/videoSource'
import type { Page } from '@/payload-types'
import { saveRefusal, startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
let imageId: number

/** A small image: enough for Payload to make its variants quickly. */
const IMAGE_SIDE_PX = 32

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  const data = await sharp({
    create: { width: IMAGE_SIDE_PX, height: IMAGE_SIDE_PX, channels: 3, background: '#12325a' },
  })
    .png()
    .toBuffer()
  const media = await payload.create({
    collection: 'media',
    data: { alt: 'A navy square' },
    file: { data, mimetype: 'image/png', name: 'square.png', size: data.length },
  })
  imageId = media.id
})
afterAll(() => cleanup?.())

/** The smallest well-formed MP4: its type box (`ftyp`, brand isom), then an empty `free` box. */
const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32' + '0000000866726565', 'hex')

let pages = 0
const publish = (layout: unknown[]) =>
  payload.create({
    collection: 'pages',
    data: { title: 'Blocks', slug: `blocks-${++pages}`, _status: 'published', layout: layout as Page['layout'] },
  })

const paragraph = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        textFormat: 0,
        children: [{ type: 'text', text, version: 1, format: 0, detail: 0, mode: 'normal', style: '' }],
      },
    ],
  },
})

describe('a video block, as it is saved', () => {
  it.each(['https://example.com/video.mp4', 'https://youtube.com.evil.example/watch?v=aBcD3fGh1Jk', 'my video'])(
    'refuses %j, telling the editor beside the address field what to enter',
    async (url) => {
      const errors = await saveRefusal(publish([{ blockType: 'video', title: 'Tour', source: 'host', url }]))
      expect(errors).toContainEqual(expect.objectContaining({ path: 'layout.0.url', message: VIDEO_URL_MESSAGE }))
    },
  )

  it('keeps a YouTube and a Vimeo address', async () => {
    const page = await publish([
      { blockType: 'video', title: 'One', source: 'host', url: 'https://youtu.be/aBcD3fGh1Jk' },
      { blockType: 'video', title: 'Two', source: 'host', url: 'https://vimeo.com/76979871' },
    ])
    expect(page.layout.map((block) => block.blockType)).toEqual(['video', 'video'])
  })

  it('plays an uploaded MP4, which an image field does not accept', async () => {
    const video = await payload.create({
      collection: 'media',
      data: { alt: 'A walk through the recorder’s office' },
      file: { data: MP4_HEADER, mimetype: 'video/mp4', name: 'tour.mp4', size: MP4_HEADER.length },
    })
    expect(video.mimeType).toBe('video/mp4')
    const page = await publish([{ blockType: 'video', title: 'Tour', source: 'file', file: video.id }])
    expect(page.layout[0]).toMatchObject({ blockType: 'video', source: 'file' })
    const errors = await saveRefusal(publish([{ blockType: 'image', image: video.id, alignment: 'center' }]))
    expect(errors.map((error) => error.path)).toContain('layout.0.image')
  })

  it('asks for the file when the video is an upload', async () => {
    const errors = await saveRefusal(publish([{ blockType: 'video', title: 'Tour', source: 'file' }]))
    expect(errors).toContainEqual(expect.objectContaining({ path: 'layout.0.file', message: VIDEO_FILE_MESSAGE }))
  })
})

describe('a gallery block, as it is saved', () => {
  const gallery = (count: number) => ({
    blockType: 'gallery',
    images: Array.from({ length: count }, (_, i) => ({ image: imageId, caption: `Image ${i + 1}` })),
  })

  it(`holds from ${GALLERY_MIN_IMAGES} to ${GALLERY_MAX_IMAGES} images`, async () => {
    await publish([gallery(GALLERY_MIN_IMAGES), gallery(GALLERY_MAX_IMAGES)])
    for (const count of [GALLERY_MIN_IMAGES - 1, GALLERY_MAX_IMAGES + 1]) {
      const errors = await saveRefusal(publish([gallery(count)]))
      expect(errors.map((error) => error.path)).toContain('layout.0.images')
    }
  })
})

describe('a columns block, as it is saved', () => {
  it('refuses a column with neither text nor an image, and more than three columns', async () => {
    const empty = await saveRefusal(
      publish([{ blockType: 'columns', columns: [{ content: paragraph('Deeds') }, { content: paragraph(' ') }] }]),
    )
    expect(empty).toContainEqual(
      expect.objectContaining({ path: 'layout.0.columns.1.content', message: EMPTY_COLUMN_MESSAGE }),
    )
    const many = Array.from({ length: COLUMNS_MAX + 1 }, () => ({ image: imageId }))
    const errors = await saveRefusal(publish([{ blockType: 'columns', columns: many }]))
    expect(errors.map((error) => error.path)).toContain('layout.0.columns')
  })

  it('keeps columns holding only an image, only text, or both', async () => {
    const page = await publish([
      {
        blockType: 'columns',
        columns: [
          { image: imageId },
          { content: paragraph('Taxes') },
          { image: imageId, content: paragraph('Courts') },
        ],
      },
    ])
    expect(page.layout[0]).toMatchObject({ blockType: 'columns' })
  })
})
