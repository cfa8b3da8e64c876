'use client'

import { usePathname } from 'next/navigation'
import type { AnchorHTMLAttributes } from 'react'
import { ACTIVE_ENTRY_CLASS } from './chrome/constants'
import { isCurrentPath } from './currentPath'

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string
  /** The addresses of the entry's submenu: the entry is marked active while the page is one of them. */
  submenuHrefs?: string[]
}

/** A menu entry that marks the page in view (the layout that draws the menu never sees the path). */
export function MenuLink({ href, submenuHrefs, className, ...rest }: Props) {
  const path = usePathname()
  const current = isCurrentPath(href, path)
  const active = current || (submenuHrefs ?? []).some((entry) => isCurrentPath(entry, path))
  const classes = [className, active ? ACTIVE_ENTRY_CLASS : null].filter(Boolean).join(' ')
  return <a {...rest} href={href} className={classes || undefined} aria-current={current ? 'page' : undefined} />
}
