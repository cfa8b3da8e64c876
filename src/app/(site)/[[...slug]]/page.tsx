import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { findPublishedPage, getSiteSettings, pathFromSegments } from '@/cms/queries'
import { findRedirectLocation } from '@/cms/redirects/lookup'
import { RenderBlocks } from '@/blocks/RenderBlocks'
import { JsonLd } from '@/site/JsonLd'
import { pageMetadata } from '@/site/metadata'
import { SiteShell } from '@/site/SiteShell'
import { faqJsonLd, localBusinessJsonLd } from '@/site/structuredData'

type Props = { params: Promise<{ slug?: string[] }> }

/*
 * Pages come from Next's full-route cache: none is rendered at build (the build has no database),
 * each is rendered on its first visit and kept until an edit revalidates it (src/cms/revalidate.ts),
 * or for a day at most. Nothing here reads the request, so one page serves every visitor.
 */
export const revalidate = 86400

export function generateStaticParams(): { slug?: string[] }[] {
  return []
}

/** The published page at this path; else the redirect starting there (a 301, see src/server/pageResponses.ts). */
async function loadPage(params: Props['params']) {
  const path = pathFromSegments((await params).slug)
  if (!path) return null
  const page = await findPublishedPage(path)
  if (page) return page
  const location = await findRedirectLocation(path)
  if (location) permanentRedirect(location)
  return null
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [page, settings] = await Promise.all([loadPage(params), getSiteSettings()])
  return page ? pageMetadata(page, settings) : { title: 'Page not found', robots: { index: false } }
}

export default async function CmsPage({ params }: Props) {
  const page = await loadPage(params)
  if (!page) notFound()
  const settings = await getSiteSettings()
  const faq = faqJsonLd(page)
  const startsWithHero = page.layout[0]?.blockType === 'hero'
  return (
    <SiteShell currentPath={page.path ?? '/'}>
      {startsWithHero ? null : (
        <div className="container">
          <h1 className="page-title">{page.title}</h1>
        </div>
      )}
      <RenderBlocks blocks={page.layout} />
      {page.path === '/' || page.layout.some((block) => block.blockType === 'contactForm') ? (
        <JsonLd data={localBusinessJsonLd(settings)} />
      ) : null}
      {faq ? <JsonLd data={faq} /> : null}
    </SiteShell>
  )
}
