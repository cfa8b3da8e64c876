import type { UIFieldServerProps } from 'payload'
import { siteOrigin } from '@/platform/siteUrl'
import { readSiteSettings } from '../siteSettingsReader'
import { SeoPreview } from './SeoPreview'

/** Reads the site's name, tagline and canonical origin once, for the preview the editor's typing updates. */
export async function SeoPreviewField({ payload }: UIFieldServerProps) {
  const settings = await readSiteSettings(payload).catch(() => null)
  return (
    <SeoPreview
      siteName={settings?.business?.name ?? ''}
      titleTemplate={settings?.business?.titleTemplate ?? null}
      tagline={settings?.business?.tagline ?? ''}
      origin={siteOrigin()}
    />
  )
}
