import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { absoluteLogoUrl } from '@/brand/brand'
import { getBrand } from '@/brand/pageBrand'
import { draftPreviewer, findLatestDraftPage } from '@/content/preview/draftPage'
import { findPublishedPage, getPublicSiteSettings } from '@/content/queries'
import { pathFromSegments } from '@/content/sitePath'
import { findRedirectLocation } from '@/content/redirects/lookup'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { JsonLd } from '@/site/JsonLd'
import { pageMetadata } from '@/site/metadata'
import { PreviewBar } from '@/site/PreviewBar'
import { faqJsonLd, localBusinessJsonLd } from '@/site/structuredData'

type Props = { params: Promise<{ slug?: string[] }> }

/*
 * Pages come from Next's full-route cache: none is rendered at build (the build has no database),
 * each is rendered on its first visit and kept until an edit revalidates it (src/content/revalidate.ts),
 * or for a day at most. Nothing here reads the request, so one page serves every visitor; only in
 * draft mode (src/content/preview), which Next renders per request past that cache, does an editor see
 * the latest draft.
 */
export const revalidate = 86400

export function generateStaticParams(): { slug?: string[] }[] {
  return []
}

/** The published page at this path; else the redirect starting there (a 301, see src/server/pageResponses.ts). */
async function loadPage(params: Props['params']) {
  const path = pathFromSegments((await params).slug)
  if (!path) return { page: null, previewing: false }
  const previewer = await draftPreviewer()
  const page = previewer ? await findLatestDraftPage(path, previewer) : await findPublishedPage(path)
  if (page) return { page, previewing: previewer !== null }
  // Served before the 404: an old address of a page that moved, or one an editor redirected.
  const location = await findRedirectLocation(path)
  if (location) permanentRedirect(location)
  return { page: null, previewing: false }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ page, previewing }, settings] = await Promise.all([loadPage(params), getPublicSiteSettings()])
  if (!page) return { title: 'Page not found', robots: { index: false } }
  return previewing ? { ...pageMetadata(page, settings), robots: { index: false } } : pageMetadata(page, settings)
}

export default async function CmsPage({ params }: Props) {
  const { page, previewing } = await loadPage(params)
  if (!page) notFound()
  const [settings, brand] = await Promise.all([getPublicSiteSettings(), getBrand()])
  const faq = faqJsonLd(page)
  const startsWithHero = page.layout[0]?.blockType === 'hero'
  return (
    <>
      {previewing ? <PreviewBar path={page.path ?? '/'} /> : null}
      {startsWithHero ? null : (
        <div className="container">
          <h1 className="page-title">{page.title}</h1>
        </div>
      )}
      <RenderBlocks blocks={page.layout} />
      {page.path === '/' || page.layout.some((block) => block.blockType === 'contactForm') ? (
        <JsonLd data={localBusinessJsonLd(settings, absoluteLogoUrl(brand))} />
      ) : null}
      {faq ? <JsonLd data={faq} /> : null}
    </>
  )
}
