import type { SeedImage } from '../../refs'
import { heroAbout } from './about'
import { heroCounties } from './counties'
import { heroHome } from './home'
import { ogDefault } from './ogCard'
import { heroServices } from './services'

/**
 * Abstract illustrations for the seed site, drawn as SVG so the repository carries no binary
 * images. Each is rasterised to PNG at seed time. No text, fonts or external references.
 */

export const SEED_IMAGES: SeedImage[] = [
  {
    key: 'hero-home',
    filename: 'hero-home.png',
    alt: 'Illustrated map of Ohio divided into county-like cells, with dashed red routes running from a marker at Columbus to towns across the state.',
    svg: heroHome(),
  },
  {
    key: 'hero-services',
    filename: 'hero-services.png',
    alt: 'A fanned stack of recorded deeds on a navy desk, the top page carrying a red seal and a signature line.',
    svg: heroServices(),
  },
  {
    key: 'hero-counties',
    filename: 'hero-counties.png',
    alt: 'A magnifying glass over a subdivision plat, enlarging one lot outlined in red and a dashed easement line behind it.',
    svg: heroCounties(),
  },
  {
    key: 'hero-about',
    filename: 'hero-about.png',
    alt: 'Stylized downtown skyline above a river and an arched bridge, with a red sun rising behind the towers.',
    svg: heroAbout(),
  },
  {
    key: 'og-default',
    filename: 'og-default.png',
    alt: 'Two deed pages beside an outline map of Ohio marked at Columbus, on a navy background.',
    svg: ogDefault(),
  },
]
