'use client'

import { Component, type ComponentType, lazy, type ReactNode, useState } from 'react'

/** What the console is told when an optional part is left out (tests wait for it). */
export const OPTIONAL_PART_FAILED = 'A part of the page failed to load or run and is left out:'

type Props = { children: ReactNode; onError?: (error: unknown) => void }

/**
 * A part of the page the page can live without (the chat, the consent preferences), whose code
 * loads later: when it fails (its file could not be fetched, it threw), the part is left out and
 * the page stays as it is. Without this, React hands the error to the nearest error page, and a
 * chat file lost to a network blip or a release replaced the whole page with "Something went
 * wrong". `onError` lets the owner close what it opened and try again later, under a new `key`.
 * For client parts only: it would also swallow Next's redirect and not-found signals, which such
 * parts never raise.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.warn(OPTIONAL_PART_FAILED, error)
    this.props.onError?.(error)
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}

/**
 * The lazily loaded component an owner puts inside an `OptionalPart`, with the key that part
 * takes and `renew` for the next try: React keeps a failed load's error in the lazy component, so
 * a new try needs a new one, under a new key. The part is made from `load` on the first render,
 * and again by `renew` from the `load` of the render that called it.
 */
export function useRenewableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const [part, setPart] = useState(() => ({ key: 0, Part: lazy(load) }))
  const renew = () => setPart((last) => ({ key: last.key + 1, Part: lazy(load) }))
  return { ...part, renew }
}
