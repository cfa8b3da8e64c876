'use client'
import { TextInput, useDocumentInfo, useField, useFormFields } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useEffect } from 'react'
import { slugifyTitle } from '../fields/slugFromTitle'

/** The hidden checkbox of Payload's slugField: true while the slug still follows the title. */
const FOLLOWS_TITLE_PATH = 'generateSlug'

/**
 * The slug of a page never published follows its title as the editor types, until the editor types
 * in the slug itself (the server does the same: slugFollowsTitle). Once published, the slug (and so
 * the address) changes only by hand.
 */
export const PageSlugField: TextFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const path = pathFromProps ?? field.name
  const { hasPublishedDoc } = useDocumentInfo()
  const { value, setValue, showError } = useField<string>({ path })
  const followsTitle = useField<boolean>({ path: FOLLOWS_TITLE_PATH })
  const title = useFormFields(([fields]) => fields.title?.value)
  const following = !hasPublishedDoc && followsTitle.value !== false

  useEffect(() => {
    if (!following) return
    const slug = slugifyTitle(title)
    if (slug !== (value ?? '')) setValue(slug)
  }, [following, title, value, setValue])

  return (
    <TextInput
      path={path}
      label={field.label}
      description={field.admin?.description}
      required={field.required}
      readOnly={readOnly}
      showError={showError}
      value={value ?? ''}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
        followsTitle.setValue(false)
        setValue(event.target.value)
      }}
    />
  )
}
