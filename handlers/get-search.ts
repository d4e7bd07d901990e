/**
 * GET /webapi/search?t=&q=&imdbid=&season=&ep=&cat=&limit=&offset=: the Torznab search as JSON for
 * the UI, through the same parser and search function as /api. Bad parameters → 422.
 */
import type { AppContext } from '../runtime/context.ts'
import { linksFor } from '../runtime/torznab/links.ts'
import { parseWebSearchParams, webSearchPage } from '../runtime/torznab/web-search.ts'
import { json } from './_respond.ts'

export const getSearch = (request: Request, ctx: AppContext): Response => {
  const params = parseWebSearchParams(new URL(request.url).searchParams)
  const processing = ctx.settings.effective().result_processing
  const links = linksFor(request, ctx.env.magnetTrackers)
  return json(webSearchPage(ctx.database.db, params, processing, links, ctx.clock.now()))
}
