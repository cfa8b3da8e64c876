// What an editor reads beside a page's field; kept apart from the hooks so the browser suites can import it.
export const DRAFT_TITLE_MESSAGE = 'A page needs a title, even as a draft.'
export const duplicateAddressMessage = (path: string) =>
  `Another page already has the address ${path}. Choose another slug or parent.`
