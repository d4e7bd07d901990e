/**
 * The counts behind an explain report, from the snapshot itself: candidates per source (title words,
 * ids, files, packs) and what each stage removed (scope, categories, the preset's filter, each exclude
 * rule in order). Each count stops at COUNT_CAP, so a broad word costs a bounded time.
 */
import type { Database } from 'bun:sqlite'
import type { SearchQuery } from '../../search/query.ts'
import { ranking, ruleMatch, type Fragment } from '../../search/rank.ts'
import { all, matchConditions } from '../../search/sql.ts'
import { ftsMatch } from '../../search/tokens.ts'

const COUNT_CAP = 100_000

export interface Sources {
  title_words: number | null
  imdb: number | null
  tmdb: number | null
  files: number | null
  packs: number | null
  /** Releases the id crosswalk links to the id: only the other id, or no id but the work's name (docs/id-crosswalk.md). */
  crosswalk: number | null
}

export interface FunnelStage {
  stage: 'candidates' | 'scope' | 'category' | 'preset' | 'rule'
  /** For `rule`: its position in custom_rules (0-based). */
  rule_index?: number
  removed: number
  remaining: number
}

const count = (db: Database, sql: string, ...params: Array<string | number | null>): number =>
  (db.query(`SELECT count(*) AS n FROM (${sql} LIMIT ${COUNT_CAP})`).get(...params) as { n: number }).n

const countWhere = (db: Database, parts: Fragment[]): number => {
  const where = parts.length > 0 ? all(parts) : { sql: '1', params: [] }
  return count(db, `SELECT 1 FROM torrents t WHERE ${where.sql}`, ...where.params)
}

export const sourcesOf = (db: Database, query: SearchQuery): Sources => {
  const { imdb, tmdb } = query
  return {
    title_words: query.words.length > 0 ? count(db, 'SELECT 1 FROM torrents_fts WHERE torrents_fts MATCH ?', ftsMatch(query.words)) : null,
    imdb: imdb === null ? null : count(db, 'SELECT 1 FROM torrents WHERE imdb = ?', imdb),
    tmdb: tmdb === null ? null : count(db, 'SELECT 1 FROM torrents WHERE tmdb = ?', tmdb),
    files: imdb === null ? null : count(db, 'SELECT DISTINCT torrent FROM files WHERE imdb = ?', imdb),
    packs: imdb === null ? null : count(db, 'SELECT DISTINCT pack_hash FROM pack_files WHERE imdb = ?', imdb),
    crosswalk:
      imdb === null && tmdb === null
        ? null
        : count(
            db,
            'SELECT torrent FROM linked_torrents WHERE imdb = ? UNION SELECT torrent FROM linked_torrents WHERE tmdb = ?',
            imdb,
            tmdb,
          ),
  }
}

/**
 * The stages in the order they narrow: everything the words, ids and season match; then the scope of
 * `t`; the categories; the preset's filter; each enabled exclude rule. Each stage counts what is left.
 */
export const funnelOf = (db: Database, query: SearchQuery): FunnelStage[] => {
  const base = matchConditions({ ...query, scope: 'everything', slices: null })
  const steps: Array<Omit<FunnelStage, 'removed' | 'remaining'> & { parts: Fragment[] }> = [{ stage: 'candidates', parts: base }]
  let parts = base
  const add = (stage: FunnelStage['stage'], extra: Fragment[], rule_index?: number) => {
    parts = [...parts, ...extra]
    steps.push({ stage, parts, ...(rule_index === undefined ? {} : { rule_index }) })
  }
  if (query.scope !== 'everything')
    add('scope', matchConditions({ ...query, slices: null, words: [], imdb: null, tmdb: null, season: null }))
  if (query.slices !== null)
    add('category', matchConditions({ ...query, scope: 'everything', words: [], imdb: null, tmdb: null, season: null }))
  const processing = query.processing
  if (processing.preset === 'italian_only') add('preset', [ranking(processing).filter as Fragment])
  if (processing.preset === 'custom') {
    processing.custom_rules.forEach((rule, index) => {
      if (!rule.enabled || rule.action !== 'exclude') return
      const match = ruleMatch(rule)
      add('rule', [{ sql: `(${match.sql}) = 0`, params: match.params }], index)
    })
  }
  let previous = 0
  return steps.map(({ parts: stageParts, ...step }, i) => {
    const remaining = countWhere(db, stageParts)
    const removed = i === 0 ? 0 : previous - remaining
    previous = remaining
    return { ...step, removed, remaining }
  })
}

/** Seasons of show `imdb` the snapshot holds: its rows' own seasons and ranges, and its files' seasons. */
export const seasonsOf = (db: Database, imdb: number): number[] => {
  const seasons = new Set<number>()
  const rows = db
    .query(
      'SELECT season, season_first, season_last FROM torrents WHERE imdb = ? AND (season IS NOT NULL OR season_first IS NOT NULL) LIMIT 20000',
    )
    .all(imdb) as Array<{ season: number | null; season_first: number | null; season_last: number | null }>
  for (const row of rows) {
    if (row.season !== null) seasons.add(row.season)
    if (row.season_first !== null && row.season_last !== null && row.season_last - row.season_first < 100) {
      for (let season = row.season_first; season <= row.season_last; season++) seasons.add(season)
    }
  }
  for (const [season] of db.query('SELECT DISTINCT season FROM file_seasons WHERE imdb = ?').values(imdb) as Array<[number]>)
    seasons.add(season)
  return [...seasons].sort((a, b) => a - b)
}
