/**
 * For an empty answer, one plain sentence a user can act on: what the snapshot lacks, or which
 * stage removed every match ("all 42 matches were removed by rule 2"). English; the UI shows it as sent.
 */
import type { SearchQuery } from '../../search/query.ts'
import type { FunnelStage, Sources } from './explain-counts.ts'

export interface EmptyFacts {
  snapshot: boolean
  /** The `cat` values asked for, as sent. */
  categories: number[] | null
  query: SearchQuery
  sources: Sources | null
  funnel: FunnelStage[]
  /** Seasons the snapshot holds for the IMDb id (asked only when a season was). */
  seasons: number[] | null
  offset: number
}

const imdbText = (imdb: number) => `tt${String(imdb).padStart(7, '0')}`
const SCOPE_WORDS = { everything: 'everything', movies: 'only films', shows: 'only shows' } as const
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`

/** 1, 2, 3, 5, 7, 8 → "1–3, 5, 7–8". */
const seasonRanges = (seasons: number[]): string => {
  const parts: string[] = []
  for (let i = 0; i < seasons.length; i++) {
    let end = i
    while (end + 1 < seasons.length && seasons[end + 1] === seasons[end] + 1) end++
    parts.push(end === i ? String(seasons[i]) : `${seasons[i]}–${seasons[end]}`)
    i = end
  }
  return parts.join(', ')
}

const missingFromSnapshot = (facts: EmptyFacts): string | null => {
  const { query, sources, seasons } = facts
  if (query.imdb !== null && sources && !sources.imdb && !sources.files && !sources.packs)
    return `No release in this snapshot carries ${imdbText(query.imdb)}.`
  if (query.imdb === null && query.tmdb !== null && sources && !sources.tmdb)
    return `No release in this snapshot carries TMDB id ${query.tmdb}.`
  if (query.season !== null && query.imdb !== null && seasons) {
    if (!seasons.includes(query.season)) {
      if (seasons.length === 0) return `No release of ${imdbText(query.imdb)} in this snapshot names a season; search by title instead.`
      return `Season ${query.season} is not in the snapshot; ${seasons.length === 1 ? 'season' : 'seasons'} ${seasonRanges(seasons)} ${seasons.length === 1 ? 'is' : 'are'}.`
    }
    if (query.episode !== null)
      return `Season ${query.season} is in the snapshot, but neither episode ${query.episode} nor a pack of season ${query.season} is.`
  }
  if (query.words.length > 0 && sources?.title_words === 0)
    return `No title in this snapshot contains all of the words “${query.words.join(' ')}”; try fewer or other words.`
  return null
}

const allMatches = (n: number): string => (n === 1 ? 'The only match was' : `All ${plural(n, 'match', 'matches')} were`)

const removedBy = (facts: EmptyFacts, matches: number): string => {
  const removing = facts.funnel.filter((stage) => stage.stage !== 'candidates' && stage.removed > 0)
  const names = removing.map((stage) => {
    if (stage.stage === 'scope') return `the search function (it searches ${SCOPE_WORDS[facts.query.scope]})`
    if (stage.stage === 'category') return `the requested categories (${(facts.categories ?? []).join(', ')})`
    if (stage.stage === 'preset') return 'the italian_only preset (none has Italian audio)'
    return `rule ${(stage.rule_index as number) + 1}`
  })
  const rules = removing.filter((stage) => stage.stage === 'rule')
  if (rules.length > 1 && rules.length === removing.length) {
    const numbers = rules.map((stage) => (stage.rule_index as number) + 1)
    return `${allMatches(matches)} removed by rules ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}.`
  }
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]
  return `${allMatches(matches)} removed by ${list}.`
}

export const emptyReason = (facts: EmptyFacts): string => {
  if (!facts.snapshot) return 'No snapshot is installed yet, so every search is empty: install one from the dashboard.'
  if (facts.query.slices !== null && facts.query.slices.length === 0) {
    return `None of the requested categories (${(facts.categories ?? []).join(', ')}) is one this indexer serves; ask for 2000 (Movies) or 5000 (TV) and their subcategories.`
  }
  if (facts.query.wordless) return 'The query has no letter or digit, so no title can match it; search for words of the title.'
  const candidates = facts.funnel[0]?.remaining ?? 0
  const retained = facts.funnel.at(-1)?.remaining ?? 0
  if (candidates === 0) return missingFromSnapshot(facts) ?? 'Nothing in this snapshot matches this search.'
  if (retained === 0) return removedBy(facts, candidates)
  return `The search has ${plural(retained, 'result')}; offset ${facts.offset} is past the last one.`
}
