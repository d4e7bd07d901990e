/**
 * Health checks for Docker, Kubernetes and NAS supervisors, cheap enough to call every few seconds:
 * GET /healthz (liveness: the process answers HTTP) and GET /readyz (readiness: a snapshot is open
 * and answers a query, so /api returns releases). Plain text bodies; 200 or 503.
 */
import type { AppContext } from '../runtime/context.ts'

const plain = (status: number, body: string): Response =>
  new Response(`${body}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })

export const getHealthz = (): Response => plain(200, 'ok')

export const getReadyz = (_request: Request, ctx: AppContext): Response => {
  if (ctx.maintenance.active) return plain(503, 'not ready: the snapshot is being switched')
  if (ctx.database.current === null) {
    // A snapshot that failed to open (or the failed first check) says why; otherwise none was ever installed.
    const reason = ctx.updater.status().last_error
    return plain(503, reason ? `not ready: no snapshot is served. ${reason}` : 'not ready: no snapshot is installed yet')
  }
  if (!ctx.database.probe()) return plain(503, 'not ready: the snapshot does not answer')
  return plain(200, `ready: ${ctx.database.tag}`)
}
