/** The only place that turns errors into responses: AppError kinds → status, Torznab errors → XML. */
import type { AppContext } from '../runtime/context.ts'
import { isAppError, type AppErrorKind } from '../runtime/errors.ts'
import { TorznabError } from '../runtime/torznab/errors.ts'
import { detail, xml } from './_respond.ts'

const STATUS: Record<AppErrorKind, number> = {
  invalid: 422,
  'bad-request': 400,
  'too-large': 413,
  'cross-origin': 403,
  maintenance: 503,
  'manager-not-configured': 400,
  'manager-failed': 502,
  'not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
}

export const isTorznabPath = (request: Request): boolean => new URL(request.url).pathname === '/api'

export const errorResponse = (error: unknown, request: Request, ctx: AppContext): Response => {
  if (error instanceof TorznabError) return xml(error.toXml(), { status: 200 })
  if (isAppError(error)) {
    if (error.cause) ctx.log.debug(`${error.kind}: ${error.message} (${String(error.cause)})`)
    const headers = error.kind === 'maintenance' ? { 'retry-after': '5' } : undefined
    return detail(STATUS[error.kind], error.message, headers)
  }
  ctx.log.error(`unexpected error on ${request.method} ${new URL(request.url).pathname}: ${(error as Error)?.stack ?? String(error)}`)
  if (isTorznabPath(request)) return xml(new TorznabError(900, 'Internal error').toXml(), { status: 200 })
  return detail(500, 'Internal server error')
}
