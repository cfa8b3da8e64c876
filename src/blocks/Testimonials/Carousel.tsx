'use client'

import type { ReactNode } from 'react'
import { useAttachedBehaviour } from '../useAttachedBehaviour'
import { attachCarousel } from './carouselBehaviour'

/** The carousel's root; its controls and slides are rendered on the server. */
export function Carousel({ labelledBy, label, children }: { labelledBy?: string; label: string; children: ReactNode }) {
  const ref = useAttachedBehaviour<HTMLDivElement>(attachCarousel)
  return (
    <div
      ref={ref}
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
    >
      {children}
    </div>
  )
}
