import type { Metadata } from 'next'
import type { Media, Page, Post, SiteSetting } from '@/payload-types'
import { NEWS_FEED_PATH, postPath } from '@/content/posts/addresses'
import { absoluteUrl, siteOrigin } from '@/platform/siteUrl'
import { composePageTitle } from '@/content/pageTitle'

type MetadataParts = {
  path: string
  title: string
  seoTitle?: string | null
  description?: string | null
  image?: unknown
  /** An article's dates, for its Open Graph tags. */
  article?: { publishedTime?: string | null; modifiedTime?: string | null }
}

const imageOf = (image: unknown): Media | null =>
  image && typeof image === 'object' && (image as Media).url ? (image as Media) : null

/** The title, description, canonical address and link previews of any address of the site. */
function siteMetadata(
  { path, title: ownTitle, seoTitle, description: own, image: upload, article }: MetadataParts,
  settings: SiteSetting,
): Metadata {
  const title = composePageTitle({
    title: ownTitle,
    seoTitle,
    path,
    siteName: settings.business.name,
    template: settings.business.titleTemplate,
  })
  const description = own || settings.business.tagline || undefined
  const image = imageOf(upload)
  const images = image?.url
    ? [
        {
          url: absoluteUrl(image.url),
          width: image.width ?? undefined,
          height: image.height ?? undefined,
          alt: image.alt,
        },
      ]
    : undefined
  const shared = { url: absoluteUrl(path), siteName: settings.business.name, title, description, images }
  return {
    metadataBase: new URL(siteOrigin()),
    // Composed here from the page and the settings, not by the layout's template, so every title says the same.
    title: { absolute: title },
    description,
    alternates: { canonical: absoluteUrl(path) },
    openGraph: article
      ? {
          ...shared,
          type: 'article',
          publishedTime: article.publishedTime ?? undefined,
          modifiedTime: article.modifiedTime ?? undefined,
        }
      : { ...shared, type: 'website' },
    twitter: { card: image?.url ? 'summary_large_image' : 'summary', title, description },
  }
}

export function pageMetadata(page: Page, settings: SiteSetting): Metadata {
  return siteMetadata(
    {
      path: page.path || '/',
      title: page.title,
      seoTitle: page.seo?.title,
      description: page.seo?.description,
      image: page.seo?.image,
    },
    settings,
  )
}

/** A news post: an article, with its summary and hero image as the preview. */
export function postMetadata(post: Post, settings: SiteSetting): Metadata {
  return siteMetadata(
    {
      path: postPath(post.slug ?? ''),
      title: post.title,
      description: post.summary,
      image: post.heroImage,
      article: { publishedTime: post.publishedAt, modifiedTime: post.updatedAt },
    },
    settings,
  )
}

/** A listing of the news (all, a category, a later page), which also names the feed. */
export function newsListMetadata(title: string, path: string, settings: SiteSetting): Metadata {
  const metadata = siteMetadata({ path, title }, settings)
  return {
    ...metadata,
    alternates: { ...metadata.alternates, types: { 'application/atom+xml': absoluteUrl(NEWS_FEED_PATH) } },
  }
}
