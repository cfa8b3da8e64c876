import { answerBrandAsset } from '@/brand/assets'
import { getPayloadClient } from '@/platform/sitePayload'

/** The icons, raster logo and web manifest made from the owner's logo (src/brand). */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return answerBrandAsset(await getPayloadClient(), (await params).file, new URL(request.url).searchParams)
}
