import type { Metadata } from 'next'
import { getPayloadClient } from '@/platform/sitePayload'
import { searchPageModel } from '@/search/results'
import { SearchResults } from '@/search/SearchResults'

export const metadata: Metadata = { title: 'Search', robots: { index: false, follow: true } }

type Props = { searchParams: Promise<{ q?: string | string[] }> }

export default async function SearchPage({ searchParams }: Props) {
  const model = await searchPageModel((await searchParams).q, await getPayloadClient())
  return <SearchResults model={model} />
}
