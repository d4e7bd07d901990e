/**
 * GET /api: the Torznab endpoint. Dispatch on `t`: caps, search (also when `t` is absent), tvsearch,
 * movie, and get (302 to the release's magnet). Errors are TorznabError values (HTTP 200 XML).
 * Every request is observed for the request history (runtime/diagnostics), which never alters it.
 */
import type { AppContext } from '../runtime/context.ts'
import type { TorznabTrace } from '../runtime/diagnostics/request-history.ts'
import { magnetFor, pooledSearchFeed } from '../runtime/serving/torznab-answers.ts'
import { buildCaps } from '../runtime/torznab/caps.ts'
import { linksFor } from '../runtime/torznab/links.ts'
import { parseTorznabParams } from '../runtime/torznab/params.ts'
import { redirect, xml } from './_respond.ts'

/** The answer to one /api request, its feed left in `trace` (the explain report runs this too). */
export const answerTorznab = async (request: Request, ctx: AppContext, trace: TorznabTrace): Promise<Response> => {
  const params = parseTorznabParams(new URL(request.url).searchParams)
  if (params.t === 'caps') return xml(buildCaps(ctx.version))
  if (params.t === 'get') return redirect(magnetFor(ctx.database.db, params.id, ctx.env.magnetTrackers))
  const processing = ctx.settings.effective().result_processing
  const links = linksFor(request, ctx.env.magnetTrackers, ctx.basePath)
  trace.page = { limit: params.limit, offset: params.offset }
  trace.feed = await pooledSearchFeed(ctx.searchPool, ctx.database.current, params, processing, links, ctx.env.releaseTitles, trace)
  return xml(trace.feed as string | Uint8Array<ArrayBuffer>)
}

export const getTorznab = (request: Request, ctx: AppContext): Promise<Response> =>
  ctx.diagnostics.requests.observe(request, (trace) => answerTorznab(request, ctx, trace))
