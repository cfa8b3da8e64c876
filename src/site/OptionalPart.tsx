'use client'

import { Component, type ReactNode } from 'react'

type Props = { children: ReactNode; onError?: (error: unknown) => void }

/**
 * A part of the page the page can live without (the chat, the consent preferences), whose code
 * loads later: when it fails (its file could not be fetched, it threw), the part is left out and
 * the page stays as it is. Without this, React hands the error to the nearest error page, and a
 * chat file lost to a network blip or a release replaced the whole page with "Something went
 * wrong". `onError` lets the owner close what it opened and try again later, under a new `key`.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.warn('A part of the page could not load and is left out:', error)
    this.props.onError?.(error)
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}
