/** GET /webapi/requests: the request history, newest first; filters client, t, only (empty, errored, problems), limit. */
import type { AppContext } from '../runtime/context.ts'
import type { RequestFilter } from '../runtime/diagnostics/request-history.ts'
import { AppError } from '../runtime/errors.ts'
import { json } from './_respond.ts'

const ONLY = ['empty', 'errored', 'problems'] as const

const filterOf = (params: URLSearchParams): RequestFilter => {
  const filter: RequestFilter = {}
  const client = params.get('client')
  const t = params.get('t')
  const only = params.get('only')
  const limit = params.get('limit')
  if (client) filter.client = client.slice(0, 32)
  if (t) filter.t = t.slice(0, 16)
  if (only) {
    if (!(ONLY as readonly string[]).includes(only)) throw new AppError('invalid', 'only must be empty, errored or problems')
    filter.only = only as RequestFilter['only']
  }
  if (limit !== null) {
    const value = Number(limit)
    if (!/^\d{1,6}$/.test(limit) || value < 1) throw new AppError('invalid', 'limit must be a whole number from 1')
    filter.limit = value
  }
  return filter
}

export const getRequests = (request: Request, ctx: AppContext): Response => {
  const history = ctx.diagnostics.requests
  const filter = filterOf(new URL(request.url).searchParams)
  return json({ capacity: history.capacity, count: history.size, requests: history.list(filter) })
}

/** DELETE /webapi/requests: clears the history. */
export const deleteRequests = (_request: Request, ctx: AppContext): Response => {
  ctx.diagnostics.requests.clear()
  return json({ capacity: ctx.diagnostics.requests.capacity, count: 0, requests: [] })
}
