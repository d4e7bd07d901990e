/** Guards in front of every route: they throw an AppError only to refuse the request. */
import type { AppContext } from '../runtime/context.ts'
import { READ_ONLY } from '../runtime/data-dir.ts'
import { AppError } from '../runtime/errors.ts'
import { isAllowedHost, parseHost, type HostAndPort } from '../runtime/host-names.ts'
import { requestPath } from './_errors.ts'

/** product.md §7: during the database switch every route answers 503 with Retry-After: 5. */
export const maintenanceGate = (request: Request, ctx: AppContext): void => {
  // Liveness says the process answers: a sub-second switch must not make an orchestrator restart it.
  if (ctx.maintenance.active && requestPath(request) !== '/healthz') throw new AppError('maintenance', 'Database update in progress')
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A read-only data directory serves its snapshot; every write is refused with one sentence (issue 15). */
export const readOnlyGate = (request: Request, ctx: AppContext): void => {
  if (ctx.writable || !UNSAFE.has(request.method)) return
  // Testing and installing into the manager write nothing here.
  if (requestPath(request).startsWith('/webapi/manager/')) return
  throw new AppError('read-only', READ_ONLY)
}

export const MALFORMED_HOST = 'malformed Host header'
export const HOST_NOT_ALLOWED =
  'this host name is not allowed: add it to the ALLOWED_HOSTS environment variable to open the service by this name'

const unmapped = (address: string) => address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '')

/**
 * The host the client connected to: the Host header, or the first X-Forwarded-Host when the peer is
 * a proxy named in TRUSTED_PROXIES (a forwarded header from anyone else is ignored).
 */
export const connectedHost = (request: Request, peer: string | null, ctx: AppContext): HostAndPort => {
  const host = parseHost(request.headers.get('host'))
  if (host === null) throw new AppError('bad-request', MALFORMED_HOST)
  const forwarded = request.headers.get('x-forwarded-host')
  if (forwarded === null || peer === null || !ctx.env.trustedProxies.includes(unmapped(peer))) return host
  const proxied = parseHost(forwarded.split(',')[0])
  if (proxied === null) throw new AppError('bad-request', 'malformed X-Forwarded-Host header')
  return proxied
}

/**
 * DNS rebinding: the UI and /webapi answer only to home names (runtime/host-names.ts). /api stays open
 * to every well-formed Host, because the *arr apps call it by container name.
 */
export const hostGuard = (path: string, host: HostAndPort, ctx: AppContext): void => {
  if (path === '/api' || path.startsWith('/api/')) return
  if (!isAllowedHost(host.name, ctx.env.allowedHosts, ctx.settings.effective().manager.indexer_url)) {
    throw new AppError('cross-origin', HOST_NOT_ALLOWED)
  }
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 }

/**
 * No authentication exists, so a hostile page must not drive a browser on the LAN into changing
 * settings: an unsafe request whose Origin names another host than the one it connected to is
 * refused. A missing Origin (curl, the *arr apps) is allowed; the literal "null" origin is not.
 */
export const originGuard = (request: Request, host: HostAndPort): void => {
  if (!UNSAFE.has(request.method)) return
  const origin = request.headers.get('origin')
  if (origin === null) return
  const rejected = new AppError('cross-origin', 'cross-origin request rejected')
  if (!URL.canParse(origin)) throw rejected
  const url = new URL(origin)
  const defaultPort = DEFAULT_PORTS[url.protocol]
  if (defaultPort === undefined) throw rejected
  const originName = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  const originPort = url.port === '' ? defaultPort : Number(url.port)
  if (originName !== host.name || originPort !== (host.port ?? defaultPort)) throw rejected
}
