import type { Media, Post, SiteSetting } from '@/payload-types'
import { postPath } from '@/content/posts/addresses'
import { absoluteUrl } from '@/platform/siteUrl'

/** The business's node in the site's structured data (the same id as its LocalBusiness). */
const BUSINESS_NODE_PATH = '/#business'

const imageUrl = (image: Post['heroImage']): string | undefined =>
  image && typeof image === 'object' && (image as Media).url ? absoluteUrl((image as Media).url as string) : undefined

/** A post as schema.org's Article: who wrote it, when, its image, and the business as its publisher. */
export function articleJsonLd(post: Post, settings: SiteSetting): Record<string, unknown> {
  const url = absoluteUrl(postPath(post.slug ?? ''))
  const publisher = { '@type': 'Organization', '@id': absoluteUrl(BUSINESS_NODE_PATH), name: settings.business.name }
  const image = imageUrl(post.heroImage)
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary || undefined,
    url,
    mainEntityOfPage: url,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    author: post.authorName ? { '@type': 'Person', name: post.authorName } : publisher,
    image: image ? [image] : undefined,
    publisher,
  }
}
