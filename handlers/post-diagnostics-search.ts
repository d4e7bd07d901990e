/**
 * POST /webapi/diagnostics/search: explains one search. The body (strict: only search parameters)
 * becomes the /api request it stands for, answered by the /api handler itself, so the XML in the
 * report is byte for byte what /api answers; the analysis beside it reads the same snapshot. Not
 * recorded in the request history (it is no *arr request).
 */
import type { AppContext } from '../runtime/context.ts'
import type { TorznabTrace } from '../runtime/diagnostics/request-history.ts'
import { feedFacts } from '../runtime/diagnostics/feed-facts.ts'
import { parseExplainInput, toQueryString } from '../runtime/diagnostics/explain/explain-input.ts'
import { explainSearch } from '../runtime/diagnostics/explain/explain-report.ts'
import { AppError } from '../runtime/errors.ts'
import { TorznabError } from '../runtime/torznab/errors.ts'
import { parseTorznabParams } from '../runtime/torznab/params.ts'
import { readJson } from './_body.ts'
import { json } from './_respond.ts'
import { answerTorznab } from './get-torznab.ts'

const REPORT_VERSION = 1

const feedText = (feed: string | Uint8Array): string => (typeof feed === 'string' ? feed : new TextDecoder().decode(feed))

export const postDiagnosticsSearch = async (request: Request, ctx: AppContext): Promise<Response> => {
  const input = parseExplainInput(await readJson(request))
  if (!input.ok) throw new AppError('invalid', input.message)
  const started = performance.now()
  const query = toQueryString(input.value)
  // The same URL and headers (Host, X-Forwarded-*) as a GET /api from this client: the same links.
  const apiRequest = new Request(new URL(`/api?${query}`, request.url), { headers: request.headers })
  const trace: TorznabTrace = { feed: null, cacheHit: null, page: null }
  // The snapshot and settings of this moment, for the answer and the analysis alike.
  const snapshot = ctx.database.current
  const processing = ctx.settings.effective().result_processing
  let xml: string
  let error: { code: number; description: string } | null = null
  try {
    await answerTorznab(apiRequest, ctx, trace)
    xml = feedText(trace.feed as string | Uint8Array)
  } catch (thrown) {
    if (!(thrown instanceof TorznabError)) throw thrown
    xml = thrown.toXml()
    error = { code: thrown.code, description: thrown.message }
  }
  const analysis = error
    ? null
    : explainSearch({ db: snapshot?.db ?? null, request: parseTorznabParams(new URLSearchParams(query)), processing })
  const facts = error || !trace.page ? null : feedFacts(xml, trace.page)
  return json({
    report_version: REPORT_VERSION,
    application_version: ctx.version,
    snapshot: snapshot?.tag ?? null,
    generated_at: new Date().toISOString(),
    query_string: query,
    error,
    counts: facts ? { returned: facts.count, total: facts.total } : null,
    cache_hit: trace.cacheHit,
    ...analysis,
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    xml,
  })
}
