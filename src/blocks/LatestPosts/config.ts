import type { Block } from 'payload'
import { anchorIdField } from '@/content/fields/link'

/** How many posts a "Latest posts" block lists unless the editor says. */
export const LATEST_POSTS_DEFAULT_COUNT = 3
export const LATEST_POSTS_MIN_COUNT = 1
export const LATEST_POSTS_MAX_COUNT = 12

export const LatestPostsBlock: Block = {
  slug: 'latestPosts',
  labels: { singular: 'Latest posts', plural: 'Latest posts lists' },
  interfaceName: 'LatestPostsBlock',
  fields: [
    { name: 'heading', type: 'text', defaultValue: 'Latest news' },
    {
      name: 'count',
      label: 'How many posts',
      type: 'number',
      required: true,
      defaultValue: LATEST_POSTS_DEFAULT_COUNT,
      min: LATEST_POSTS_MIN_COUNT,
      max: LATEST_POSTS_MAX_COUNT,
      admin: {
        step: 1,
        description: `The newest published posts, ${LATEST_POSTS_MIN_COUNT} to ${LATEST_POSTS_MAX_COUNT}.`,
      },
    },
    anchorIdField,
  ],
}
