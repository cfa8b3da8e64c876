import type { RequestListener } from 'node:http'
import { diskMediaStore, type MediaStore, siteMediaStore } from './mediaFiles'
import { runPipeline, SITE_PIPELINE } from './pipeline/sitePipeline'
import type { PipelineOptions } from './pipeline/step'

export type SiteRequestOptions = Omit<PipelineOptions, 'media'> & {
  /** A folder to read uploaded media files from instead of the site's store. */
  mediaDir?: string
  /** Where uploaded media files are read from (default the site's: the bucket with S3_* set, else MEDIA_DIR). */
  mediaStore?: MediaStore
}

/** Every request through the site's pipeline (src/server/pipeline/sitePipeline.ts). */
export function siteRequestListener({ mediaDir, mediaStore, ...options }: SiteRequestOptions): RequestListener {
  const media = mediaStore ?? (mediaDir ? diskMediaStore(mediaDir) : siteMediaStore())
  return (req, res) => runPipeline(SITE_PIPELINE, req, res, { ...options, media })
}
