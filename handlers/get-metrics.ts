/** GET /metrics: Prometheus text exposition (runtime/diagnostics/metrics.ts). */
import type { AppContext } from '../runtime/context.ts'

export const getMetrics = async (_request: Request, ctx: AppContext): Promise<Response> =>
  new Response(await ctx.diagnostics.metrics.text(), {
    headers: { 'content-type': ctx.diagnostics.metrics.contentType, 'cache-control': 'no-store' },
  })
