// What an editor reads beside a page's title or slug when the page is refused.
export const DRAFT_TITLE_MESSAGE = 'A page needs a title, even as a draft.'
export const duplicateAddressMessage = (path: string) =>
  `Another page already has the address ${path}. Choose another slug or parent.`
