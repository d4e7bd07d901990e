/**
 * GET /webapi/search?t=&q=&imdbid=&season=&ep=&cat=&limit=&offset=: the Torznab search as JSON for
 * the UI, through the same parser and search function as /api. Bad parameters → 422.
 */
import type { AppContext } from '../runtime/context.ts'
import { linksFor } from '../runtime/torznab/links.ts'
import { parseWebSearchParams, pooledWebSearchPage } from '../runtime/serving/web-search.ts'
import { json } from './_respond.ts'

export const getSearch = async (request: Request, ctx: AppContext): Promise<Response> => {
  const params = parseWebSearchParams(new URL(request.url).searchParams)
  const processing = ctx.settings.effective().result_processing
  const links = linksFor(request, ctx.env.magnetTrackers, ctx.basePath)
  return json(
    await pooledWebSearchPage(ctx.searchPool, ctx.database.current, params, processing, links, ctx.clock.now(), ctx.env.releaseTitles),
  )
}
