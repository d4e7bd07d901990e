/** `before` handlers: return a Response only to refuse the request. */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'

/** product.md §7: during the database switch every route answers 503 with Retry-After: 5. */
export const maintenanceGate = (_request: Request, ctx: AppContext): void => {
  if (ctx.maintenance.active) throw new AppError('maintenance', 'Database update in progress')
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * No authentication exists, so a hostile page must not drive a browser on the LAN into changing
 * settings: an unsafe request whose Origin names another host than the one it was sent to is refused.
 * A missing Origin (curl, the *arr apps) is allowed; the literal "null" origin is not.
 */
export const originGuard = (request: Request): void => {
  if (!UNSAFE.has(request.method)) return
  const origin = request.headers.get('origin')
  if (origin === null) return
  const hosts = [request.headers.get('host'), request.headers.get('x-forwarded-host'), new URL(request.url).host]
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    throw new AppError('cross-origin', 'cross-origin request rejected')
  }
  if (!hosts.some((host) => host !== null && host.toLowerCase() === originHost.toLowerCase())) {
    throw new AppError('cross-origin', 'cross-origin request rejected')
  }
}
