import { describe, expect, it } from 'vitest'
import { embedUrl, parseVideoUrl, VIDEO_URL_MESSAGE, validateVideoUrl, watchUrl } from './videoSource'

const YOUTUBE_ID = 'aBcD3fGh1Jk'

describe('reading a YouTube or Vimeo address', () => {
  it.each([
    `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    `https://www.youtube.com/watch?feature=share&v=${YOUTUBE_ID}&t=42`,
    `https://m.youtube.com/watch?v=${YOUTUBE_ID}`,
    `https://youtu.be/${YOUTUBE_ID}?si=abc`,
    `https://www.youtube.com/embed/${YOUTUBE_ID}`,
    `https://www.youtube.com/shorts/${YOUTUBE_ID}`,
    `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`,
    `  https://youtube.com/live/${YOUTUBE_ID}  `,
  ])('finds the YouTube video id in %s', (address) => {
    expect(parseVideoUrl(address)).toEqual({ provider: 'youtube', id: YOUTUBE_ID })
  })

  it.each([
    ['https://vimeo.com/76979871', { provider: 'vimeo', id: '76979871' }],
    ['https://vimeo.com/channels/staffpicks/76979871', { provider: 'vimeo', id: '76979871' }],
    ['https://player.vimeo.com/video/76979871?h=8a2f1c3d4e', { provider: 'vimeo', id: '76979871', hash: '8a2f1c3d4e' }],
    ['https://vimeo.com/76979871/8a2f1c3d4e', { provider: 'vimeo', id: '76979871', hash: '8a2f1c3d4e' }],
  ])('finds the Vimeo video id (and an unlisted video’s key) in %s', (address, expected) => {
    expect(parseVideoUrl(address)).toEqual(expected)
  })

  it.each([
    ['another host', 'https://example.com/watch?v=aBcD3fGh1Jk'],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${YOUTUBE_ID}`],
    ['a script address', `javascript:alert(1)//https://youtu.be/${YOUTUBE_ID}`],
    ['a YouTube page that is no video', 'https://www.youtube.com/@somechannel'],
    ['an id that is not one', 'https://www.youtube.com/watch?v=short'],
    ['an id carrying markup', 'https://youtu.be/"><script>x'],
    ['a Vimeo page that is no video', 'https://vimeo.com/about'],
    ['a Vimeo key that is not one', 'https://vimeo.com/76979871/"onload="x'],
    ['an address with a password', `https://user:secret@www.youtube.com/watch?v=${YOUTUBE_ID}`],
    ['not an address', 'my holiday video'],
    ['nothing', ''],
    ['not text', 42],
  ])('refuses %s with a message that says what to enter', (_, address) => {
    expect(parseVideoUrl(address)).toBeNull()
    expect(validateVideoUrl(address)).toBe(VIDEO_URL_MESSAGE)
  })

  it('accepts a video address on save', () => {
    expect(validateVideoUrl(`https://youtu.be/${YOUTUBE_ID}`)).toBe(true)
  })
})

describe('the addresses a page carries, built from the id alone', () => {
  it('embeds YouTube from its no-cookie domain', () => {
    expect(embedUrl({ provider: 'youtube', id: YOUTUBE_ID })).toBe(
      `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0`,
    )
  })

  it('embeds Vimeo from its player with do-not-track on, keeping an unlisted video’s key', () => {
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    )
    expect(embedUrl({ provider: 'vimeo', id: '76979871', hash: 'abc123def' })).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=abc123def',
    )
  })

  it('links to the video’s own page for visitors without scripts, dropping anything else the editor typed', () => {
    const video = parseVideoUrl(`https://www.youtube.com/watch?v=${YOUTUBE_ID}&list=PL123&utm_source=x`)
    expect(video && watchUrl(video)).toBe(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`)
    expect(watchUrl({ provider: 'vimeo', id: '76979871', hash: 'abc123def' })).toBe(
      'https://vimeo.com/76979871/abc123def',
    )
  })
})
