import type { SeedPage } from '../../refs'
import { about } from './about'
import { contact } from './contact'
import { counties } from './counties'
import { faq } from './faq'
import { guide } from './guide'
import { home } from './home'
import { pricing } from './pricing'
import { privacy } from './privacy'
import { services } from './services'
import { currentOwnerSearch } from './services/currentOwnerSearch'
import { documentCopies } from './services/documentCopies'
import { fullTitleSearch } from './services/fullTitleSearch'
import { lienSearch } from './services/lienSearch'
import { taxSearch } from './services/taxSearch'

export { ELEMENTS_GUIDE_PATH } from './guide'

/** Parents come before their children, so the seed runner can resolve `parent`. */
export const SEED_PAGES: SeedPage[] = [
  home,
  services,
  fullTitleSearch,
  currentOwnerSearch,
  lienSearch,
  taxSearch,
  documentCopies,
  counties,
  pricing,
  faq,
  about,
  contact,
  privacy,
  guide,
]
