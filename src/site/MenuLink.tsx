'use client'

import { usePathname } from 'next/navigation'
import type { AnchorHTMLAttributes } from 'react'
import { isCurrentPath } from './currentPath'

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string
  /** The addresses of the entry's submenu: the entry is marked active while the page is one of them. */
  section?: string[]
}

/**
 * A main-menu entry that marks the page it stands for: `aria-current="page"` and `active` on the
 * entry of the page in view, `active` on the entry whose submenu holds it. The menu sits in the
 * site's layout, which is shared by every page and never sees the address, so the entry reads it
 * here; the server renders it with the page, so the marks are in the HTML before any script runs.
 */
export function MenuLink({ href, section, className, ...rest }: Props) {
  const path = usePathname()
  const current = isCurrentPath(href, path)
  const active = current || (section ?? []).some((entry) => isCurrentPath(entry, path))
  const classes = [className, active ? 'active' : null].filter(Boolean).join(' ')
  return <a {...rest} href={href} className={classes || undefined} aria-current={current ? 'page' : undefined} />
}
