/**
 * Absolute links back to this indexer as the client reached it (download URLs must be absolute and
 * stable): the request's origin, or the reverse proxy's X-Forwarded-Proto/-Host/-Prefix.
 */

export interface Links {
  /** Origin plus any proxy path prefix, without a trailing slash. */
  base: string
  /** Tracker URLs added to every magnet (MAGNET_TRACKERS). */
  trackers: readonly string[]
}

// Only well-formed values are trusted: a header must never smuggle markup or a path into a link.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/
const PREFIX = /^(?:\/[A-Za-z0-9._~-]+)+$/

/** The first value of a possibly comma-separated forwarded header (the client-facing proxy). */
const forwarded = (request: Request, name: string): string | null => request.headers.get(name)?.split(',')[0]?.trim() || null

/** `basePath`: where an embedder mounts the indexer ('' at the root), after any proxy prefix. */
export const linksFor = (request: Request, trackers: readonly string[], basePath = ''): Links => {
  const url = new URL(request.url)
  const proto = forwarded(request, 'x-forwarded-proto')?.toLowerCase()
  const host = forwarded(request, 'x-forwarded-host')
  const prefix = forwarded(request, 'x-forwarded-prefix')?.replace(/\/+$/, '')
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1)
  const authority = host && HOST.test(host) ? host : url.host
  const path = prefix && PREFIX.test(prefix) ? prefix : ''
  return { base: `${scheme}://${authority}${path}${basePath}`, trackers }
}
