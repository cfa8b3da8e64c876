/**
 * Fired (bubbling) on a CMS form once the server has accepted a send, so that a page or widget
 * holding the form can follow up (the chat replaces its offline form with the success text).
 */
export const FORM_SENT_EVENT = 'site-form:sent'
