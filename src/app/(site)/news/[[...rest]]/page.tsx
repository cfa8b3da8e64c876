import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getPublicSiteSettings } from '@/content/queries'
import { articleJsonLd } from '@/news/structuredData'
import { NewsListing } from '@/news/NewsListing'
import { PostArticle } from '@/news/PostArticle'
import { loadNewsView } from '@/news/view'
import { JsonLd } from '@/site/JsonLd'
import { newsListMetadata, postMetadata } from '@/site/metadata'
import { PreviewBar } from '@/site/PreviewBar'

type Props = { params: Promise<{ rest?: string[] }> }

/*
 * As the pages (src/app/(site)/[[...slug]]/page.tsx): none rendered at build, each on its first
 * visit, kept until an edit of a post revalidates it (src/content/posts/revalidation.ts) or a day.
 */
export const revalidate = 86400

export function generateStaticParams(): { rest?: string[] }[] {
  return []
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [view, settings] = await Promise.all([loadNewsView((await params).rest), getPublicSiteSettings()])
  if (!view) return { title: 'Page not found', robots: { index: false } }
  if (view.kind === 'list') return newsListMetadata(view.title, view.path, settings)
  const metadata = postMetadata(view.post, settings)
  return view.previewing ? { ...metadata, robots: { index: false } } : metadata
}

export default async function NewsPage({ params }: Props) {
  const view = await loadNewsView((await params).rest)
  if (!view) notFound()
  if (view.kind === 'list') return <NewsListing view={view} />
  const settings = await getPublicSiteSettings()
  return (
    <>
      {view.previewing ? <PreviewBar path={view.path} /> : null}
      <PostArticle post={view.post} />
      <JsonLd data={articleJsonLd(view.post, settings)} />
    </>
  )
}
