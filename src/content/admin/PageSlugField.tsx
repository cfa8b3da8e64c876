'use client'
import { FieldError, TextInput, useDocumentInfo, useField, useFormFields } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'
import { slugifyTitle } from '../fields/slugFromTitle'
import { keptRefusal, type SlugRefusal } from './keptRefusal'

/** The hidden checkbox of Payload's slugField: true while the slug still follows the title. */
const FOLLOWS_TITLE_PATH = 'generateSlug'

/**
 * The slug of a page never published follows its title as the editor types, until the editor types
 * in the slug itself (the server does the same: slugFollowsTitle). Once published, the slug (and so
 * the address) changes only by hand. A refusal shown beside it stays until the slug or the parent
 * changes or a save goes through (./keptRefusal.ts says why).
 */
export const PageSlugField: TextFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const path = pathFromProps ?? field.name
  const { hasPublishedDoc, savedDocumentData } = useDocumentInfo()
  const { value, setValue, showError, errorMessage } = useField<string>({ path })
  const followsTitle = useField<boolean>({ path: FOLLOWS_TITLE_PATH })
  const title = useFormFields(([fields]) => fields.title?.value)
  const parent = useFormFields(([fields]) => fields.parent?.value)
  const following = !hasPublishedDoc && followsTitle.value !== false
  const [kept, setKept] = useState<SlugRefusal | undefined>(undefined)
  const refusal = keptRefusal(kept, {
    shownError: showError ? errorMessage : undefined,
    slug: value ?? '',
    parent,
    savedAt: savedDocumentData?.updatedAt,
  })
  // Kept from one render to the next (the same object while nothing changes, so this settles).
  if (refusal !== kept) setKept(refusal)

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
      showError={Boolean(refusal)}
      Error={refusal ? <FieldError message={refusal.message} path={path} showError /> : undefined}
      value={value ?? ''}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
        followsTitle.setValue(false)
        setValue(event.target.value)
      }}
    />
  )
}
