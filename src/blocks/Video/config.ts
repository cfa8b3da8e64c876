import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'
import { notSearchText } from '@/content/fields/searchText'
import { ONLY_IMAGES, ONLY_VIDEOS } from '@/content/fields/uploadKinds'
import { validateVideoUrl } from './videoSource'

/** What an editor is told when "uploaded video file" is chosen and no file is. */
export const VIDEO_FILE_MESSAGE = 'Choose the video file.'

type Sibling = { siblingData: Record<string, unknown> }
const fromHost = (_: unknown, sibling: Record<string, unknown>) => sibling?.source !== 'file'
const fromFile = (_: unknown, sibling: Record<string, unknown>) => sibling?.source === 'file'

export const VideoBlock: Block = {
  slug: 'video',
  interfaceName: 'VideoBlock',
  labels: { singular: 'Video (YouTube, Vimeo or a file)', plural: 'Videos' },
  fields: [
    {
      name: 'title',
      type: 'text',
      required: true,
      admin: { description: 'Names the video for everyone, and is shown on the poster when there is no image.' },
    },
    {
      name: 'source',
      label: 'The video is',
      type: 'radio',
      required: true,
      defaultValue: 'host',
      options: [
        { label: 'On YouTube or Vimeo', value: 'host' },
        { label: 'An uploaded video file', value: 'file' },
      ],
      admin: { layout: 'horizontal' },
    },
    {
      name: 'url',
      label: 'YouTube or Vimeo address',
      type: 'text',
      ...notSearchText,
      admin: {
        condition: fromHost,
        description:
          'Copy it from the address bar of the video’s page. The player loads only when a visitor presses Play, from YouTube’s no-cookie site or with Vimeo’s tracking off.',
      },
      validate: (value: unknown, { siblingData }: Sibling) =>
        siblingData?.source === 'file' ? true : validateVideoUrl(value),
    },
    {
      name: 'file',
      label: 'Video file',
      type: 'upload',
      relationTo: 'media',
      filterOptions: ONLY_VIDEOS,
      admin: { condition: fromFile, description: 'An MP4 or WebM file from the media library.' },
      validate: (value: unknown, { siblingData }: Sibling) =>
        siblingData?.source !== 'file' || value ? true : VIDEO_FILE_MESSAGE,
    },
    {
      name: 'poster',
      label: 'Poster image',
      type: 'upload',
      relationTo: 'media',
      filterOptions: ONLY_IMAGES,
      admin: {
        description:
          'Shown until Play is pressed. Without one, a plain panel with the title is shown: the site does not fetch the host’s own thumbnail.',
      },
    },
    { name: 'caption', type: 'text' },
    anchorIdField,
  ],
}
