import { brandStylesheet } from './brand'
import { getBrand } from './pageBrand'

/**
 * The owner's colours and fonts, in the page's head, where the site's own CSS is too (Next writes
 * each sheet into the document): no request of its own, nothing in the way of the first paint. Its
 * text is made only of checked hex colours and names from the pairings' table. The font files are
 * not preloaded: measured on the mobile profile, a preload pushed LCP from ~1.0 s to ~2 s (the files
 * compete with the document) and kept the swap's layout shift all the same.
 */
export async function BrandStyle() {
  const css = brandStylesheet(await getBrand())
  return css ? <style data-brand="" dangerouslySetInnerHTML={{ __html: css }} /> : null
}
