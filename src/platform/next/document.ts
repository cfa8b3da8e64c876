// How Next writes a page's document: the shapes the server's rewrites of a cached page read
// (src/server/routerCopyOfCss.ts, src/server/chunksAfterFirstPaint.ts). Each is checked against
// the installed Next by internals.test.ts.

/** The call with which each of Next's inline scripts hands the router a piece of the page's data. */
export const ROUTER_DATA_PUSH = 'self.__next_f.push'

/** The kinds of piece: `[0]` opens the data, `[1,"…"]` is a string piece of it. */
export const ROUTER_DATA_KIND = { bootstrap: 0, data: 1 } as const

/** A `<style>` element in React's page data as Next's CSS renderer writes it: with `precedence` and `href`. */
export const STYLE_ELEMENT_PROPS = ['precedence', 'href'] as const
