'use client'
import { useFormFields } from '@payloadcms/ui'
import { SEARCH_DESCRIPTION_SHOWN_CHARS, SEARCH_TITLE_SHOWN_CHARS, searchPreview } from './searchPreview'
import './seoPreview.css'

/** In the SEO tab: the page as a search result, updated as the editor types. */
export function SeoPreview({
  siteName,
  titleTemplate,
  tagline,
  origin,
}: {
  siteName: string
  titleTemplate: string | null
  tagline: string
  origin: string
}) {
  const values = useFormFields(([fields]) => ({
    title: fields.title?.value,
    seoTitle: fields['seo.title']?.value,
    seoDescription: fields['seo.description']?.value,
    path: fields.path?.value,
  }))
  const preview = searchPreview({ ...values, siteName, titleTemplate, tagline, origin })
  return (
    <section className="seo-preview" aria-labelledby="seo-preview-heading">
      <h4 id="seo-preview-heading" className="seo-preview__heading">
        In search results
      </h4>
      <div className="seo-preview__result">
        <p className="seo-preview__url">{preview.url}</p>
        <p className="seo-preview__title">{preview.title}</p>
        <p className="seo-preview__description">{preview.description}</p>
      </div>
      {preview.titleCut ? (
        <p className="seo-preview__note">
          The title is longer than about {SEARCH_TITLE_SHOWN_CHARS} characters and will be cut.
        </p>
      ) : null}
      {preview.descriptionCut ? (
        <p className="seo-preview__note">
          The description is longer than about {SEARCH_DESCRIPTION_SHOWN_CHARS} characters and will be cut.
        </p>
      ) : null}
    </section>
  )
}
