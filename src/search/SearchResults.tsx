import { SEARCH_QUERY_MAX_LENGTH } from './query'
import type { SearchPageModel } from './results'

/** The results page body: a search form (works without JavaScript) and the matching pages. */
export function SearchResults({ model }: { model: SearchPageModel }) {
  const query = model.state === 'results' ? model.query : ''
  return (
    <div className="container container--narrow search-page">
      <h1 className="page-title">Search</h1>
      <form className="search-page-form" action="/search" method="get">
        <label htmlFor="search-page-input">Search the site</label>
        <div className="search-page-row">
          <input
            id="search-page-input"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      {model.state === 'invalid' ? (
        <p className="search-page-message" role="alert">
          {model.error}
        </p>
      ) : null}
      {model.state === 'results' ? (
        <>
          <p className="search-page-message" role="status">
            {model.results.length === 0
              ? `No pages match “${model.query}”.`
              : `${model.results.length} page${model.results.length === 1 ? '' : 's'} match “${model.query}”.`}
          </p>
          <ol className="search-results">
            {model.results.map((result) => (
              <li key={result.path}>
                <a className="h4" href={result.path}>
                  {result.title}
                </a>
                <p>{result.excerpt}</p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  )
}
