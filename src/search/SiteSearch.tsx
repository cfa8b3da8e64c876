import { SEARCH_QUERY_MAX_LENGTH } from './query'

export const SITE_SEARCH_INPUT_ID = 'site-search-input'
export const SITE_SEARCH_LISTBOX_ID = 'site-search-listbox'

/**
 * The header's search landmark. Without JavaScript it is a plain form that opens the results
 * page; src/search/typeahead.ts turns the input into a combobox with suggestions.
 */
export function SiteSearch() {
  return (
    <form role="search" aria-label="Site" className="site-search" action="/search" method="get">
      <label className="visually-hidden" htmlFor={SITE_SEARCH_INPUT_ID}>
        Search the site
      </label>
      <div className="site-search-field">
        <input
          id={SITE_SEARCH_INPUT_ID}
          className="site-search-input"
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls={SITE_SEARCH_LISTBOX_ID}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Search"
        />
        <ul
          id={SITE_SEARCH_LISTBOX_ID}
          className="site-search-listbox"
          role="listbox"
          aria-label="Suggestions"
          hidden
        />
      </div>
      <button type="submit" className="site-search-submit">
        <span className="visually-hidden">Search</span>
        <span className="site-search-icon" aria-hidden="true" />
      </button>
      <p className="visually-hidden site-search-status" role="status" aria-live="polite" />
    </form>
  )
}
