import { createElement, type FunctionComponent } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type {
  ColumnsBlock as ColumnsData,
  GalleryBlock as GalleryData,
  Media,
  VideoBlock as VideoData,
} from '@/payload-types'
import type { ImageBlock as ImageData } from '@/payload-types'
import { ColumnsBlock } from './Columns/Component'
import { RichTextContent } from './RichText/RichTextContent'
import { GalleryBlock } from './Gallery/Component'
import { ImageBlock, IMAGE_SIZES } from './Image/Component'
import { VideoBlock } from './Video/Component'

const upload = (name: string, extra: Partial<Media> = {}) =>
  ({
    id: 1,
    alt: `The ${name}`,
    url: `/api/media/file/${name}.png`,
    width: 1600,
    height: 900,
    sizes: {
      thumbnail: { url: `/api/media/file/${name}-400.webp`, width: 400 },
      hero: { url: `/api/media/file/${name}-1600.webp`, width: 1600 },
    },
    ...extra,
  }) as Media

const html = <P extends object>(component: FunctionComponent<P>, props: P) =>
  renderToStaticMarkup(createElement(component, props))

const image = (block: Partial<ImageData>, isFirst = false) =>
  html(ImageBlock, { block: { blockType: 'image', image: upload('plat'), alignment: 'center', ...block }, isFirst })

describe('the image block', () => {
  it('shows the upload’s own description, or the one the editor wrote for this place', () => {
    expect(image({})).toContain('alt="The plat"')
    expect(image({ alt: 'A plat with lot 12 outlined' })).toContain('alt="A plat with lot 12 outlined"')
  })

  it('is lazy below the fold and eager, high priority, when it opens the page', () => {
    expect(image({})).toContain('loading="lazy"')
    expect(image({}, true)).toMatch(/loading="eager".*fetchPriority="high"|fetchpriority="high"/i)
  })

  it('offers its resized variants at the width of its alignment, with its caption', () => {
    const full = image({ alignment: 'full', caption: 'Lot 12' })
    expect(full).toContain('class="image-block image-block--full"')
    expect(full).toContain('/api/media/file/plat-400.webp 400w')
    expect(full).toContain(`sizes="${IMAGE_SIZES.full}"`)
    expect(full).toContain('<figcaption>Lot 12</figcaption>')
    expect(full).not.toContain('class="container"')
    expect(image({ alignment: 'left' })).toContain(`sizes="${IMAGE_SIZES.left}"`)
  })
})

const gallery = (block: Partial<GalleryData> = {}) =>
  html(GalleryBlock, {
    block: {
      blockType: 'gallery',
      id: 'g1',
      heading: 'Records',
      images: [
        { image: upload('deed'), caption: 'A deed' },
        { image: upload('plat', { sizes: {} }), caption: null },
      ],
      ...block,
    },
  })

describe('the gallery block', () => {
  it('links each thumbnail to its largest image, so that it works without JavaScript', () => {
    const markup = gallery()
    expect(markup).toContain('href="/api/media/file/deed-1600.webp"')
    // An upload without variants (an SVG) links to its file.
    expect(markup).toContain('href="/api/media/file/plat.png"')
    expect(markup.match(/class="gallery-link"/g)).toHaveLength(2)
  })

  it('is a list named by its heading, each thumbnail named by its image and captioned', () => {
    const markup = gallery()
    expect(markup).toContain('data-gallery="Records"')
    expect(markup).toContain('aria-labelledby="gallery-g1-heading"')
    expect(markup).toContain('alt="The deed"')
    expect(markup).toContain('<figcaption>A deed</figcaption>')
    expect(gallery({ heading: null })).toContain('aria-label="Image gallery"')
  })
})

const video = (block: Partial<VideoData>) =>
  html(VideoBlock, { block: { blockType: 'video', title: 'Our process', source: 'host', ...block } })

describe('the video block', () => {
  it('carries the player’s address built from the id, and links to the video’s page without JavaScript', () => {
    const markup = video({
      url: 'https://www.youtube.com/watch?v=aBcD3fGh1Jk&utm_source=mail',
      poster: upload('poster'),
    })
    expect(markup).toContain('data-embed="https://www.youtube-nocookie.com/embed/aBcD3fGh1Jk?autoplay=1&amp;rel=0"')
    expect(markup).toContain('href="https://www.youtube.com/watch?v=aBcD3fGh1Jk"')
    expect(markup).not.toContain('utm_source')
    expect(markup).not.toContain('<iframe')
    expect(markup).toContain('Play video: Our process')
    expect(markup).toContain('src="/api/media/file/poster.png"')
  })

  it('shows a plain panel with the title when there is no poster: nothing is fetched from the host', () => {
    const markup = video({ url: 'https://vimeo.com/76979871' })
    expect(markup).toContain('class="video-placeholder"')
    expect(markup).toContain('data-embed="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1"')
    expect(markup).not.toMatch(/ytimg|vimeocdn|<img/)
  })

  it('plays an uploaded file in the browser’s own player, fetching nothing before Play', () => {
    const markup = video({ source: 'file', file: upload('tour', { url: '/api/media/file/tour.mp4', sizes: {} }) })
    expect(markup).toContain('<video class="video-file" controls="" preload="none"')
    expect(markup).toContain('src="/api/media/file/tour.mp4"')
    expect(markup).toContain('aria-label="Our process"')
  })

  it('renders nothing for an address that is not a video (saved before the check, or edited in the database)', () => {
    expect(video({ url: 'https://example.com/video' })).toBe('')
  })
})

describe('the columns block', () => {
  it('lays out two or three columns of text and images, marked by their count for the stacking CSS', () => {
    const paragraph = (text: string) => ({
      root: {
        type: 'root',
        children: [{ type: 'paragraph', children: [{ type: 'text', text, version: 1 }], version: 1 }],
        version: 1,
      },
    })
    const block: ColumnsData = {
      blockType: 'columns',
      columns: [
        { image: upload('deed'), content: paragraph('Deeds') as never },
        { content: paragraph('Taxes') as never },
        { content: paragraph('Courts') as never },
      ],
    }
    const markup = html(ColumnsBlock, { block })
    expect(markup).toContain('class="columns columns--3"')
    expect(markup.match(/class="column"/g)).toHaveLength(3)
    for (const text of ['Deeds', 'Taxes', 'Courts']) expect(markup).toContain(text)
    expect(markup).toContain('alt="The deed"')
  })
})

describe('a video file placed in rich text', () => {
  it('plays in the browser’s own player, fetching nothing before Play, rather than as a broken image', () => {
    const content = {
      root: {
        type: 'root',
        version: 1,
        children: [
          {
            type: 'upload',
            version: 3,
            relationTo: 'media',
            value: upload('tour', { url: '/api/media/file/tour.mp4', mimeType: 'video/mp4', sizes: {} }),
          },
        ],
      },
    }
    const markup = html(RichTextContent, { data: content as never })
    expect(markup).toContain('<video controls="" preload="none" src="/api/media/file/tour.mp4" aria-label="The tour">')
    expect(markup).not.toContain('<img')
  })
})
