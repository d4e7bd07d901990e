/** The only place that turns errors into responses: AppError kinds → status, Torznab errors → XML. */
import type { AppContext } from '../runtime/context.ts'
import { storageError } from '../runtime/data-dir.ts'
import { describeError, isAppError, type AppError, type AppErrorKind } from '../runtime/errors.ts'
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
  'read-only': 409,
  'no-space': 507,
}

/** The path of a request, read without `new URL`, which throws when the Host header is malformed. */
export const requestPath = (request: Request): string =>
  request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '') || '/'

const isTorznabPath = (request: Request): boolean => requestPath(request) === '/api'

// The first frame of a stack says where; the rest would be kilobytes per request in the log.
const whereFrom = (error: unknown): string => {
  const frame = error instanceof Error ? error.stack?.split('\n').find((line) => line.trim().startsWith('at ')) : undefined
  return frame ? ` (${frame.trim()})` : ''
}

/** An AppError as the answer: Torznab XML on /api (the 503 of a switch stays JSON, product.md §7), else {"detail"}. */
const appErrorResponse = (error: AppError, request: Request): Response => {
  const headers: Record<string, string> | undefined =
    error.kind === 'maintenance' ? { 'retry-after': '5' } : error.allow ? { allow: error.allow.join(', ') } : undefined
  if (isTorznabPath(request) && error.kind !== 'maintenance') {
    return xml(new TorznabError(900, error.message).toXml(), { status: STATUS[error.kind], headers })
  }
  return detail(STATUS[error.kind], error.message, headers)
}

export const errorResponse = (error: unknown, request: Request, ctx: AppContext): Response => {
  if (error instanceof TorznabError) return xml(error.toXml(), { status: 200 })
  const storage = isAppError(error) ? null : storageError(error)
  if (storage) {
    ctx.log.error(`${request.method} ${requestPath(request)}: ${storage.message} (${describeError(error)})`)
    return appErrorResponse(storage, request)
  }
  if (isAppError(error)) {
    // At info (the default level): a client that dropped its body or sent broken JSON is worth one line with the reason.
    if (error.cause)
      ctx.log.info(
        `${error.kind} on ${request.method} ${requestPath(request)}: ${error.message} (${describeError(error.cause) || 'no reason given'})`,
      )
    return appErrorResponse(error, request)
  }
  const reason =
    error instanceof Error ? `${error.name}: ${error.message || 'no message'}` : `thrown ${describeError(error) || typeof error}`
  ctx.log.error(`unexpected error on ${request.method} ${requestPath(request)}: ${reason}${whereFrom(error)}`)
  if (isTorznabPath(request)) return xml(new TorznabError(900, 'Internal error').toXml(), { status: 200 })
  return detail(500, 'Internal server error')
}
