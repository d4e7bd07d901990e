/**
 * The base path an embedder mounts the indexer under ('/indexer'): a host that passes the full URL
 * (Bun.serve) has the prefix taken off here; one that takes it off itself (Hono's mount) is served
 * as it is. Links and the UI put the prefix back (runtime/torznab/links.ts, static/base-path.ts).
 */
import { redirect } from './_respond.ts'

/** The request as the routes see it, or the redirect that gives the UI its trailing slash. */
export const underBasePath = (request: Request, basePath: string): Request | Response => {
  const url = new URL(request.url)
  if (url.pathname === basePath) return redirect(`${basePath}/${url.search}`, 308)
  if (!url.pathname.startsWith(`${basePath}/`)) return request
  url.pathname = url.pathname.slice(basePath.length)
  return new Request(url, request)
}
