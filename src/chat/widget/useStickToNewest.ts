import { type RefObject, useLayoutEffect, useRef } from 'react'

/** Within this many pixels of the bottom, the visitor counts as reading the newest message. */
export const STICK_TO_NEWEST_SLACK_PX = 48

const scrollToEnd = (element: HTMLElement) => element.scrollTo({ top: element.scrollHeight })

/**
 * Keeps the newest message in view as messages arrive, unless the visitor has scrolled up to
 * read older ones; the first render lands on the newest.
 */
export function useStickToNewest(region: RefObject<HTMLElement | null>, count: number) {
  const atBottom = useRef(true)
  useLayoutEffect(() => {
    const element = region.current
    if (!element) return
    if (atBottom.current) scrollToEnd(element)
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_TO_NEWEST_SLACK_PX
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [region, count])
}
