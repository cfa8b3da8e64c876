// What every collection visitors read as published documents shares with the pages: who reads and
// edits it, and its drafts, schedule and autosave. Pages and news posts both use these pieces.
import type { CollectionConfig } from 'payload'
import { isContentEditor, publishedOrEditor } from '@/platform/access'
import { PAGE_AUTOSAVE_INTERVAL_MS } from './pageAutosave'

/** Past versions kept per document. */
export const MAX_VERSIONS_PER_DOCUMENT = 25

/** Visitors read what is published (and not in the trash); editors and admins write. */
export const publishedContentAccess: NonNullable<CollectionConfig['access']> = {
  read: publishedOrEditor,
  create: isContentEditor,
  update: isContentEditor,
  delete: isContentEditor,
  // Drafts and past versions are the editors' work; agents and visitors read only what is published.
  readVersions: isContentEditor,
}

/**
 * Schedule publish queues Payload's schedulePublish job; src/content/scheduling runs it when due.
 * Autosave saves the draft as the editor types (Save Draft stays for editors used to it); an
 * autosave never reaches visitors (src/content/revalidate.ts).
 */
export const publishedContentVersions: NonNullable<CollectionConfig['versions']> = {
  drafts: {
    schedulePublish: true,
    autosave: { interval: PAGE_AUTOSAVE_INTERVAL_MS, showSaveDraftButton: true },
  },
  maxPerDoc: MAX_VERSIONS_PER_DOCUMENT,
}
