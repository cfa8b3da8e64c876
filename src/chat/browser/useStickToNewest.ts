import { type RefObject, useLayoutEffect, useRef, useState } from 'react'

/** Within this many pixels of the bottom, the reader counts as reading the newest message. */
export const STICK_TO_NEWEST_SLACK_PX = 48

const scrollToEnd = (element: HTMLElement) => element.scrollTo({ top: element.scrollHeight })
const isAtEnd = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_TO_NEWEST_SLACK_PX

/**
 * Keeps the newest message of a scrolling region in view as messages arrive and as what is in it
 * grows (an image that loads), unless the reader has scrolled up to read older ones: then the
 * position is left alone and `newBelow` says that newer messages wait below. `change` is any value
 * that changes when the content does (the message count; whether the region is shown). The first
 * render lands on the newest.
 */
export function useStickToNewest(region: RefObject<HTMLElement | null>, change: unknown) {
  const atBottom = useRef(true)
  const [newBelow, setNewBelow] = useState(false)

  useLayoutEffect(() => {
    const element = region.current
    if (!element) return
    if (atBottom.current) scrollToEnd(element)
    else setNewBelow(true)
    const onScroll = () => {
      atBottom.current = isAtEnd(element)
      if (atBottom.current) setNewBelow(false)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    // Content that grows after it was added (a file's preview loading) is followed too.
    const growth = new ResizeObserver(() => {
      if (atBottom.current) scrollToEnd(element)
    })
    for (const child of element.children) growth.observe(child)
    return () => {
      element.removeEventListener('scroll', onScroll)
      growth.disconnect()
    }
  }, [region, change])

  const showNewest = () => {
    const element = region.current
    if (!element) return
    atBottom.current = true
    setNewBelow(false)
    scrollToEnd(element)
  }

  return { newBelow, showNewest }
}
