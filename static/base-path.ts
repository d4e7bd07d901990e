/**
 * Where the UI is mounted: '' at the root, '/indexer' when a host or a proxy serves it under a prefix.
 * Every client route is one path segment (routes.ts), so the prefix is the page's path minus its last
 * segment; API calls and in-app links are made from it, so the built UI holds no absolute path.
 */
export const BASE_PATH = location.pathname.replace(/\/[^/]*$/, '')

/** A path under the mount point: a client route ('/settings' → '/indexer/settings') or an API path. */
export const withBase = (route: string): string => `${BASE_PATH}${route}`

/** The client route shown at an address bar path. */
export const routeOf = (pathname: string): string => (pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname) || '/'

/** The port this page was opened on (its scheme's default when the address names none), for help texts. */
export const pagePort = (): string => location.port || (location.protocol === 'https:' ? '443' : '80')
