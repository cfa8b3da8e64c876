import { brandStylesheet } from './brand'
import { getBrand } from './pageBrand'

/**
 * The owner's colours and fonts, in the page's head, where the site's own CSS is too (Next writes
 * each sheet into the document): no request of its own, nothing in the way of the first paint. Its
 * text is made only of checked hex colours and names from the pairings' table.
 */
export async function BrandStyle() {
  const css = brandStylesheet(await getBrand())
  return css ? <style data-brand="" dangerouslySetInnerHTML={{ __html: css }} /> : null
}
