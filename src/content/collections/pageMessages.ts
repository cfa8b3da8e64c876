// What an editor reads beside a page's title or slug when the page is refused.
export const DRAFT_TITLE_MESSAGE = 'A page needs a title, even as a draft.'
export const duplicateAddressMessage = (path: string) =>
  `Another page already has the address ${path}. Choose another slug or parent.`
export const trashedAddressMessage = (path: string) =>
  `A page in the trash keeps the address ${path} until it is deleted for good. Choose another slug or parent.`
export const childrenInTheWayMessage = (paths: string[], total: number) =>
  `This page has child pages (${paths.join(', ')}${total > paths.length ? ` and ${total - paths.length} more` : ''}). ` +
  'Move them to another parent, or to the trash, first.'
export const PARENT_IN_TRASH_MESSAGE = 'Its parent page is in the trash: restore the parent first.'
export const sectionAddressMessage = (path: string) =>
  `The address ${path} belongs to the site's news section. Choose another slug or parent.`
