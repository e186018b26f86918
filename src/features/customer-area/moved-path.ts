/** The same address with its first segment (the web address) replaced: `/old/admin/x?y` → `/new/admin/x?y`. */
export function movedPath(href: string, from: string, to: string): string | null {
  const url = new URL(href, 'http://x')
  const [, first, ...rest] = url.pathname.split('/')
  if (decodeURIComponent(first ?? '').toLowerCase() !== from.toLowerCase() || from === to) return null
  return `/${[to, ...rest].join('/')}${url.search}${url.hash}`
}
