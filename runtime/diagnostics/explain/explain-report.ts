/**
 * The explain report of one search: the query as search() sees it, the plan it took, candidates per
 * source, what each stage removed, the score contributions of the top items and, for an empty answer,
 * the sentence of empty-reason.ts. The XML itself comes from the /api handler (same code path); this
 * module only looks at the snapshot beside it.
 */
import type { Database } from 'bun:sqlite'
import type { SearchHit, SearchQuery } from '../../search/query.ts'
import { ruleMatch, type Fragment } from '../../search/rank.ts'
import { search, type SearchPlan } from '../../search/search.ts'
import type { ResultProcessing } from '../../settings/schema.ts'
import { feedQuery } from '../../torznab/search-query.ts'
import type { TorznabRequest } from '../../torznab/params.ts'
import { funnelOf, seasonsOf, sourcesOf, type FunnelStage, type Sources } from './explain-counts.ts'
import { emptyReason } from './empty-reason.ts'

/** Items whose score is broken down. */
const TOP_ITEMS = 10

export const PLANS: Record<SearchPlan, string> = {
  'no-category': 'No requested category is served: nothing is searched',
  'no-words': 'The query has no letter or digit to look for: nothing is searched',
  rankedIds: 'Id search: candidates from the id indexes (rows, files, packs), put in the ranking order',
  recent: 'Newest releases first (no words, id or season)',
  rankedTitles: 'Title words, read in rank order from the word index',
  positionedTitles: 'Title words, every hit put in the ranking order',
  broad: 'Broad title words: the ranking order walked until the page is full',
  windowed: 'Season without id or words: the first rows of the ranking order, filtered',
  ranked: 'Every match scored and sorted',
}

interface Contribution {
  source: string
  points: number
}

interface ExplainedItem {
  title: string
  score: number
  seeders: number | null
  contributions: Contribution[]
}

export interface ExplainAnalysis {
  query: {
    scope: SearchQuery['scope']
    words: string[]
    imdb: number | null
    tmdb: number | null
    season: number | null
    episode: number | null
    categories: number[] | null
    preset: ResultProcessing['preset']
    rules: number
  }
  plan: { id: SearchPlan; description: string } | null
  sources: Sources | null
  funnel: FunnelStage[]
  top: ExplainedItem[]
  returned: number
  empty_reason: string | null
}

/** Each scoring part of the ranking, as a named 0/1 match and its points. */
const scoringParts = (processing: ResultProcessing): Array<{ source: string; match: Fragment; points: number }> => {
  if (processing.preset === 'italian_preferred') {
    return [
      { source: 'Italian audio', match: { sql: 't.audio_ita = 1', params: [] }, points: 100 },
      { source: 'MULTI/DUAL audio', match: { sql: 't.audio_ita = 0 AND t.multi_audio = 1', params: [] }, points: 25 },
    ]
  }
  if (processing.preset !== 'custom') return []
  return processing.custom_rules.flatMap((rule, index) =>
    rule.enabled && rule.action === 'score' ? [{ source: `rule ${index + 1}`, match: ruleMatch(rule), points: rule.score ?? 0 }] : [],
  )
}

const contributionsOf = (db: Database, hits: SearchHit[], processing: ResultProcessing): ExplainedItem[] => {
  const parts = scoringParts(processing)
  const columns = parts.map((part, i) => `(${part.match.sql}) AS c${i}`).join(', ')
  const statement = parts.length > 0 ? db.query(`SELECT ${columns} FROM torrents t WHERE t.info_hash = ? ORDER BY t.id LIMIT 1`) : null
  return hits.slice(0, TOP_ITEMS).map((hit) => {
    const row = (statement?.get(...parts.flatMap((part) => part.match.params), hit.info_hash) ?? {}) as Record<string, number>
    const contributions = parts.flatMap((part, i) => (row[`c${i}`] ? [{ source: part.source, points: part.points }] : []))
    return { title: hit.title, score: hit.score, seeders: hit.seeders, contributions }
  })
}

export interface ExplainSubject {
  db: Database | null
  request: TorznabRequest
  processing: ResultProcessing
}

export const explainSearch = ({ db, request, processing }: ExplainSubject): ExplainAnalysis => {
  const query = feedQuery(request, processing)
  const summary: ExplainAnalysis['query'] = {
    scope: query.scope,
    words: query.words,
    imdb: query.imdb,
    tmdb: query.tmdb,
    season: query.season,
    episode: query.episode,
    categories: request.cat,
    preset: processing.preset,
    rules: processing.custom_rules.length,
  }
  if (!db) {
    const facts = { snapshot: false, categories: request.cat, query, sources: null, funnel: [], seasons: null, offset: query.offset }
    return { query: summary, plan: null, sources: null, funnel: [], top: [], returned: 0, empty_reason: emptyReason(facts) }
  }
  const trace: { plan?: SearchPlan } = {}
  const result = search(db, query, trace)
  const plan = trace.plan ? { id: trace.plan, description: PLANS[trace.plan] } : null
  const sources = sourcesOf(db, query)
  const funnel = query.slices !== null && query.slices.length === 0 ? [] : funnelOf(db, query)
  const empty = result.items.length === 0
  const seasons = empty && query.imdb !== null && query.season !== null ? seasonsOf(db, query.imdb) : null
  return {
    query: summary,
    plan,
    sources,
    funnel,
    top: contributionsOf(db, result.items, processing),
    returned: result.items.length,
    empty_reason: empty
      ? emptyReason({ snapshot: true, categories: request.cat, query, sources, funnel, seasons, offset: query.offset })
      : null,
  }
}
