import { preload } from 'react-dom'
import { brandFontFiles, brandStylesheet } from './brand'
import { getBrand } from './pageBrand'

/**
 * The owner's colours and fonts, in the page's head, where the site's own CSS is too (Next writes
 * each sheet into the document): no request of its own, nothing in the way of the first paint. Its
 * text is made only of checked hex colours and names from the pairings' table.
 */
export async function BrandStyle() {
  const brand = await getBrand()
  // Asked for with the document, so that the faces are mostly there by the first paint: less text moves when they swap in.
  for (const file of brandFontFiles(brand)) preload(file, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
  const css = brandStylesheet(brand)
  return css ? <style data-brand="" dangerouslySetInnerHTML={{ __html: css }} /> : null
}
