/**
 * Whether a menu address is the page at this path, the router's address of the page in view. The
 * router may give the path percent-encoded (`/caf%C3%A9`) where the menu holds the page's own path.
 */
export function isCurrentPath(href: string, path: string | null): boolean {
  if (path === null) return false
  return href === path || href === decodedPath(path)
}

function decodedPath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}
