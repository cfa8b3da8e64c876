'use client'
import { useSearchParams } from 'next/navigation'
import type { ReactNode } from 'react'

/** The `where[…]=…` pairs of a query string, in a fixed order, so two equal filters compare equal. */
export function wherePairs(params: Iterable<[string, string]>): string {
  return [...params]
    .filter(([key]) => key.startsWith('where['))
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&')
}

/** One view of the inbox; the one whose filter the list shows now is marked current. */
export function InboxViewLink(props: { viewKey: string; query: string; children: ReactNode }) {
  const current = wherePairs(useSearchParams()) === wherePairs(new URLSearchParams(props.query))
  return (
    <a
      className={`btn btn--size-small ${current ? 'btn--style-primary' : 'btn--style-secondary'}`}
      style={{ margin: 0 }}
      href={`/admin/collections/form-submissions?${props.query}`}
      data-view={props.viewKey}
      aria-current={current ? 'page' : undefined}
    >
      {props.children}
    </a>
  )
}
