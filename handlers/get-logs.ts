/** GET /webapi/logs?level=warn&limit=200: the last log lines (redacted when written), newest first. */
import type { AppContext } from '../runtime/context.ts'
import { isLogLevel, LOG_LINES } from '../runtime/diagnostics/log-lines.ts'
import { AppError } from '../runtime/errors.ts'
import { json } from './_respond.ts'

export const getLogs = (request: Request, ctx: AppContext): Response => {
  const params = new URL(request.url).searchParams
  const level = params.get('level') ?? 'debug'
  if (!isLogLevel(level)) throw new AppError('invalid', 'level must be debug, info, warn or error')
  const limit = params.get('limit')
  if (limit !== null && (!/^\d{1,4}$/.test(limit) || Number(limit) < 1))
    throw new AppError('invalid', `limit must be a whole number from 1 to ${LOG_LINES}`)
  return json({ lines: ctx.diagnostics.logs.list(level, limit === null ? undefined : Number(limit)) })
}
