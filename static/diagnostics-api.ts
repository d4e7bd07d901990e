/** The diagnostics endpoints (docs/diagnostics.md): request history, explain, update history, logs. */
import type { RequestFilter } from '../runtime/diagnostics/request-history.ts'
import type { RequestRecord } from '../runtime/diagnostics/request-record.ts'
import type { ExplainInput } from '../runtime/diagnostics/explain/explain-input.ts'
import type { ExplainAnalysis } from '../runtime/diagnostics/explain/explain-report.ts'
import type { LogLine } from '../runtime/diagnostics/log-lines.ts'
import type { UpdateAttempt } from '../runtime/diagnostics/update-history.ts'
import { request } from './api.ts'

export type { ExplainInput, LogLine, RequestFilter, RequestRecord, UpdateAttempt }

export interface RequestList {
  capacity: number
  count: number
  requests: RequestRecord[]
}

/** POST /webapi/diagnostics/search (handlers/post-diagnostics-search.ts). */
export type ExplainReport = Partial<ExplainAnalysis> & {
  snapshot: string | null
  query_string: string
  error: { code: number; description: string } | null
  counts: { returned: number; total: number | null } | null
  duration_ms: number
  xml: string
}

const queryOf = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value))
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

export const diagnosticsApi = {
  requests: (filter: RequestFilter) => request<RequestList>('GET', `/webapi/requests${queryOf({ ...filter })}`),
  clearRequests: () => request<RequestList>('DELETE', '/webapi/requests'),
  explain: (input: Partial<ExplainInput>) => request<ExplainReport>('POST', '/webapi/diagnostics/search', input),
  updateHistory: () => request<{ attempts: UpdateAttempt[] }>('GET', '/webapi/updater/history'),
  logs: (level: string) => request<{ lines: LogLine[] }>('GET', `/webapi/logs${queryOf({ level })}`),
}

const whole = (text: string | undefined): number | undefined => (text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined)

/** The explain body of a recorded request: the same query (limit clamped as /api clamps it). */
export const explainInputOf = (record: RequestRecord): Partial<ExplainInput> => {
  const { q, imdbid, tmdbid, season, ep, cat, limit, offset } = record.params
  return {
    t: record.t as ExplainInput['t'],
    q,
    imdbid,
    tmdbid: whole(tmdbid),
    season: whole(season),
    ep: ep === undefined ? undefined : (whole(ep) ?? ep),
    cat,
    limit: Math.min(200, Math.max(1, whole(limit) ?? 100)),
    offset: whole(offset) ?? 0,
  }
}

export const isSearchRecord = (record: RequestRecord): boolean => ['search', 'tvsearch', 'movie'].includes(record.t)

/** Only searches can be explained, and only those /api did not refuse. */
export const isExplainable = (record: RequestRecord): boolean => isSearchRecord(record) && record.error_code === null
