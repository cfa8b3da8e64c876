import type { JSXConverterArgs, JSXConverters } from '@payloadcms/richtext-lexical/react'
import type { SerializedAutoLinkNode, SerializedLinkNode } from '@payloadcms/richtext-lexical'
import { isSafeLinkUrl } from '@/content/fields/safeUrl'

type LinkNode = SerializedLinkNode | SerializedAutoLinkNode

/** Internal links point at a page document; its path is where the link goes. */
function hrefOf(node: LinkNode): string {
  if (node.fields.linkType !== 'internal') return node.fields.url ?? ''
  const value = (node.fields as { doc?: { value?: unknown } | null }).doc?.value
  return typeof value === 'object' && value && 'path' in value && typeof value.path === 'string' ? value.path : '/'
}

function renderLink({ node, nodesToJSX }: JSXConverterArgs<LinkNode>) {
  const children = nodesToJSX({ nodes: node.children })
  const href = hrefOf(node)
  // Saved before addresses were checked, or written past the admin: shown as text, never as a live link.
  if (!isSafeLinkUrl(href)) return <span>{children}</span>
  const newTab = Boolean(node.fields.newTab)
  return (
    <a href={href} rel={newTab ? 'noopener noreferrer' : undefined} target={newTab ? '_blank' : undefined}>
      {children}
    </a>
  )
}

export const linkConverters: JSXConverters<LinkNode> = {
  link: renderLink as JSXConverters<SerializedLinkNode>['link'],
  autolink: renderLink as JSXConverters<SerializedAutoLinkNode>['autolink'],
}
