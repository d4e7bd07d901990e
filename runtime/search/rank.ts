/**
 * Result processing as SQL: each preset (and the user's custom rules) becomes a score expression and
 * an optional hard filter over the derived columns, so ranking happens once over the whole result.
 * Rule values are always bound parameters, never spliced into the SQL text.
 */
import type { CustomRule, ResultProcessing } from '../settings/schema.ts'
import { foldCase } from './derive.ts'

export type Binding = string | number | null

export interface Fragment {
  sql: string
  params: Binding[]
}

export interface Ranking {
  score: Fragment
  /** Rows that survive (italian_only, custom excludes), or null when nothing is excluded. */
  filter: Fragment | null
  /** Rows already in this ranking's order (score, seeders, newest, info_hash), if the snapshot has them. */
  index: RankedIndex | null
}

/**
 * Tables numbering every torrent (rank → id) in a ranking's order: torrent_rank for a zero score
 * (torrents_fts is numbered by it), torrent_rank_italian for italian_preferred (runtime/importer/rank-order.ts).
 */
export type RankedIndex = 'torrent_rank' | 'torrent_rank_italian'

export const ZERO_SCORE: Fragment = { sql: '0', params: [] }

/** product.md §6, the italian_preferred preset: Italian audio, else MULTI/DUAL audio, else neither. */
const ITALIAN_PREFERRED_SCORES = { italian: 100, multi: 25, other: 0 } as const

// torrent_rank_italian numbers the torrents by exactly this score, then the default order
// (runtime/importer/rank-order.ts reads both through it).
const { italian, multi, other } = ITALIAN_PREFERRED_SCORES
export const ITALIAN_PREFERRED: Fragment = {
  sql: `CASE WHEN t.audio_ita = 1 THEN ${italian} WHEN t.multi_audio = 1 THEN ${multi} ELSE ${other} END`,
  params: [],
}

// The folds are stored only where SQLite's ASCII lower() would differ (derive.ts storedFold).
const TEXT_COLUMNS = { title: 'coalesce(t.title_fold, lower(t.title))', provider: 'coalesce(t.provider_fold, lower(t.provider))' } as const
const NUMBER_COLUMNS = { size: 't.size', seeders: 't.seeders' } as const
const NUMBER_OPERATORS = { equals: '=', gte: '>=', lte: '<=' } as const

/**
 * 1 when the rule matches the row, otherwise 0 (never NULL). Text compares the case-folded column
 * with the case-folded value; a NULL column matches only not_contains (product.md §4).
 */
export const ruleMatch = (rule: CustomRule): Fragment => {
  if (rule.field === 'title' || rule.field === 'provider') {
    const column = TEXT_COLUMNS[rule.field]
    const value = foldCase(rule.value as string)
    if (rule.operator === 'contains') return { sql: `coalesce(instr(${column}, ?) > 0, 0)`, params: [value] }
    if (rule.operator === 'not_contains') return { sql: `coalesce(instr(${column}, ?) = 0, 1)`, params: [value] }
    return { sql: `coalesce(${column} = ?, 0)`, params: [value] }
  }
  const column = NUMBER_COLUMNS[rule.field]
  const operator = NUMBER_OPERATORS[rule.operator as keyof typeof NUMBER_OPERATORS]
  return { sql: `coalesce(${column} ${operator} ?, 0)`, params: [rule.value as number] }
}

const join = (parts: Fragment[], separator: string): Fragment => ({
  sql: parts.map((part) => part.sql).join(separator),
  params: parts.flatMap((part) => part.params),
})

/** custom: enabled excludes drop rows; enabled score rules add their score (disabled rules do nothing). */
const customRanking = (rules: CustomRule[]): Ranking => {
  const enabled = rules.filter((rule) => rule.enabled)
  const excludes = enabled.filter((rule) => rule.action === 'exclude').map((rule) => ruleMatch(rule))
  const scores = enabled
    .filter((rule) => rule.action === 'score')
    .map((rule) => {
      const match = ruleMatch(rule)
      return { sql: `(${match.sql}) * ?`, params: [...match.params, rule.score as number] }
    })
  return {
    score: scores.length > 0 ? join(scores, ' + ') : ZERO_SCORE,
    filter:
      excludes.length > 0
        ? join(
            excludes.map((match) => ({ sql: `(${match.sql}) = 0`, params: match.params })),
            ' AND ',
          )
        : null,
    index: scores.length > 0 ? null : 'torrent_rank',
  }
}

export const ranking = (processing: ResultProcessing): Ranking => {
  switch (processing.preset) {
    case 'italian_preferred':
      return { score: ITALIAN_PREFERRED, filter: null, index: 'torrent_rank_italian' }
    case 'italian_only':
      return { score: ZERO_SCORE, filter: { sql: 't.audio_ita = 1', params: [] }, index: 'torrent_rank' }
    case 'custom':
      return customRanking(processing.custom_rules)
    default:
      return { score: ZERO_SCORE, filter: null, index: 'torrent_rank' }
  }
}
