import type { Brand } from './brand'

/** How tall the logo is drawn in the header (header.css gives the same room to the default mark). */
export const HEADER_LOGO_HEIGHT_PX = 40

/**
 * The owner's logo where the site showed its own mark (header, footer): the name follows it as text,
 * so the image itself says nothing to a screen reader. Without a logo, the site's mark.
 */
export function BrandMark({ brand }: { brand: Brand }) {
  const { logo } = brand
  if (!logo) return <span className="brand-mark" aria-hidden="true" />
  const width = logo.width && logo.height ? Math.round((logo.width / logo.height) * HEADER_LOGO_HEIGHT_PX) : undefined
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the logo is drawn at one small height, as it was uploaded
    <img className="brand-logo" src={logo.src} alt="" width={width} height={HEADER_LOGO_HEIGHT_PX} decoding="async" />
  )
}
