import type { UIField } from 'payload'
import { IN_MENUS_NOTE } from './fields'

/** A page's sidebar note listing the header and footer entries that link to it (nothing when none). */
export const inMenusField: UIField = {
  name: 'inMenus',
  type: 'ui',
  admin: { position: 'sidebar', components: { Field: IN_MENUS_NOTE } },
}
