import { InlineScript } from '@/security/InlineScript'
import { brandStylesheet, SERVE_FONTS_SCRIPT, servesFonts } from './brand'
import { getBrand } from './pageBrand'

/**
 * The owner's colours and fonts, in the page's head, where the site's own CSS is too (Next writes
 * each sheet into the document): no request of its own, nothing in the way of the first paint. Its
 * text is made only of checked hex colours and names from the pairings' table. The font files are
 * not preloaded, and a scripted page asks for them only once it has loaded (SERVE_FONTS_SCRIPT):
 * measured on the mobile profile, a preload pushed LCP from ~1.0 s to ~2 s, and files asked for
 * at the first layout to 1.4–1.7 s (the files compete with the document); the stand-ins, sized
 * like the faces, keep the swap's layout shift under 0.01 either way.
 */
export async function BrandStyle() {
  const brand = await getBrand()
  const css = brandStylesheet(brand)
  if (!css) return null
  return (
    <>
      <style data-brand="" dangerouslySetInnerHTML={{ __html: css }} />
      {servesFonts(brand) ? <InlineScript code={SERVE_FONTS_SCRIPT} /> : null}
    </>
  )
}
