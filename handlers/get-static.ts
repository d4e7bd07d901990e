/**
 * GET/HEAD /*: the embedded web UI by exact key lookup (never a path join). index.html answers the
 * client routes only for HTML requests (SPA fallback); anything else, traversal included, is a 404.
 */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { isClientRoute } from '../static/routes.ts'
import { uiAssets, type UiAsset } from './_ui-assets.ts'
import { html } from './_respond.ts'

const INDEX = '/index.html'

// No authentication exists, so the settings UI must not be framed by another site (clickjacking).
const HTML_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'referrer-policy': 'same-origin',
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ICVDB Indexer</title></head><body>
<h1>ICVDB Indexer</h1><p>The web UI has not been built. Run <code>npm run build:ui</code> in the project's directory (npm start does it for you).
The Torznab endpoint at /api and the JSON API at /webapi work without it.</p></body></html>`

/** The SPA fallback: a browser navigation (Accept: text/html) to one of the UI's own routes. */
const wantsIndex = (request: Request, path: string): boolean =>
  (request.headers.get('accept') ?? '').includes('text/html') && !path.split('/').pop()?.includes('.') && isClientRoute(path)

/** `curl http://host:8000/` (no text/html, not asking for JSON): a short pointer at the UI and the APIs. */
const wantsPlainText = (request: Request, path: string): boolean => {
  if (path !== '/') return false
  const accept = (request.headers.get('accept') ?? '*/*').toLowerCase()
  return accept.includes('text/plain') || accept.includes('*/*')
}

const plainTextHome = (request: Request, ctx: AppContext): Response => {
  const origin = new URL(request.url).origin + ctx.basePath
  const text =
    `ICVDB Indexer ${ctx.version} is running.\n` +
    `Web UI:   open ${origin}/ in a browser\n` +
    `Torznab:  ${origin}/api?t=caps (add ${origin}/api to Prowlarr, Sonarr or Radarr; any API key works)\n` +
    `JSON API: ${origin}/webapi/status\n`
  return new Response(request.method === 'HEAD' ? null : text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

const notFound = (): never => {
  throw new AppError('not-found', 'Not Found')
}

export const getStatic = async (request: Request, ctx: AppContext): Promise<Response> => {
  const path = new URL(request.url).pathname
  const isIndexRequest = wantsIndex(request, path)
  if (!isIndexRequest && wantsPlainText(request, path)) return plainTextHome(request, ctx)
  const assets = await uiAssets()
  if (!assets) return isIndexRequest ? html(NOT_BUILT, { status: 503, headers: { 'cache-control': 'no-store' } }) : notFound()
  const asset = (path !== '/' && assets.get(path)) || (isIndexRequest ? assets.get(INDEX) : undefined)
  return asset ? respond(request, asset) : notFound()
}

const respond = (request: Request, asset: UiAsset): Response => {
  const headers = new Headers({
    'content-type': asset.type,
    etag: asset.etag,
    'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
  })
  if (asset.type.startsWith('text/html')) for (const [name, value] of Object.entries(HTML_HEADERS)) headers.set(name, value)
  if (request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers })
  const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '') ? asset.gzip() : null
  if (gzip) headers.set('content-encoding', 'gzip')
  const body = gzip ?? asset.bytes
  headers.set('content-length', String(body.byteLength))
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}
