#!/usr/bin/env bun
/**
 * Page-1 recall and precision of id searches against a generated dump's ground truth, in-process:
 *   bun test/bench/id-recall.ts <snapshot directory> <truth.json> [--code <checkout root>] [--sample N] [--without-crosswalk 1]
 * Episode searches (t=tvsearch by IMDb id, season and episode) and film searches (t=movie by IMDb id,
 * and by IMDb and TMDB id together as Radarr sends them through Prowlarr), 100 results, unfiltered.
 * Recall: the relevant releases on page 1 ÷ min(relevant, 100), summed over the queries, also by the
 * ids the relevant rows lack (GroundTruth.labels). Precision: page-1 results that are releases of the
 * asked show or film (GroundTruth.related) ÷ all page-1 results. `--code` runs another checkout's
 * search (an older build; it must read this snapshot); `--without-crosswalk 1` hides the crosswalk's
 * tables, which gives the answers of the build before it on the same snapshot. `bun run bench` runs
 * both (measureIdRecall) after its import.
 */
import { Database } from 'bun:sqlite'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { SearchHit, SearchQuery, SearchResult } from '../../runtime/search/query.ts'
import { baseQuery } from '../helpers/search-query.ts'
import type { GroundTruth, MissingId } from './truth.ts'

const LIMIT = 100

interface Tally {
  queries: number
  relevant: number
  found: number
  results: number
  /** Results that are releases of another show or film. */
  foreign: number
  /** Results of the same work that do not contain the asked episode (or film). */
  other_part: number
  byLabel: Record<'imdb' | MissingId, { relevant: number; found: number }>
  /** The same by the title's modelled spelling (GroundTruth.spellings; `usual` for the rest). */
  bySpelling: Record<string, { relevant: number; found: number }>
}

const emptyTally = (): Tally => ({
  queries: 0,
  relevant: 0,
  found: 0,
  results: 0,
  foreign: 0,
  other_part: 0,
  byLabel: { imdb: { relevant: 0, found: 0 }, tmdb_only: { relevant: 0, found: 0 }, no_id: { relevant: 0, found: 0 } },
  bySpelling: {},
})

type Search = (db: Database, query: SearchQuery) => SearchResult

export interface RecallOptions {
  /** The snapshot directory (torrents.db, files.db). */
  directory: string
  truth: GroundTruth
  /** Searches to run per kind, spread over the truth's works. */
  sample: number
  /** Another checkout's search (runtime/search/search.ts under this root); this one's by default. */
  codeRoot?: string
  /** Hides the id crosswalk's tables behind empty TEMP ones: the answers of the build before it. */
  withoutCrosswalk?: boolean
}

export interface RecallFigures {
  episode_by_imdb: ReturnType<typeof summary>
  film_by_imdb: ReturnType<typeof summary>
  film_by_imdb_and_tmdb: ReturnType<typeof summary>
  search_ms: { p50: number; p99: number; mean: number }
}

const pageOne = (fields: Partial<SearchQuery>): SearchQuery => baseQuery({ limit: LIMIT, ...fields })

const numeric = (imdb: string): number => Number(imdb.replace(/^tt/, ''))

/** Every n-th item, so a sample spans popular and obscure works alike. */
const spread = <T>(items: T[], wanted: number): T[] => {
  const step = Math.max(1, items.length / wanted)
  const picked: T[] = []
  for (let i = 0; i < items.length && picked.length < wanted; i += step) picked.push(items[Math.floor(i)])
  return picked
}

const tallyPage = (truth: GroundTruth, tally: Tally, hits: SearchHit[], relevant: string[], related: Set<string>): void => {
  const page = new Set(hits.map((hit) => hit.info_hash))
  const wanted = new Set(relevant)
  tally.queries++
  tally.relevant += Math.min(relevant.length, LIMIT)
  tally.results += hits.length
  let found = 0
  // The breakdowns count queries whose relevant releases all fit on page 1 (for the others, which
  // releases make page 1 is the ranking's business).
  const fits = relevant.length <= LIMIT
  for (const hash of relevant) {
    const hit = page.has(hash)
    if (hit) found++
    if (!fits) continue
    const label = tally.byLabel[truth.labels[hash] ?? 'imdb']
    const spelling = (tally.bySpelling[truth.spellings?.[hash] ?? 'usual'] ??= { relevant: 0, found: 0 })
    label.relevant++
    spelling.relevant++
    if (hit) label.found++, spelling.found++
  }
  tally.found += Math.min(found, LIMIT)
  for (const hash of page) {
    if (!related.has(hash)) tally.foreign++
    else if (!wanted.has(hash)) tally.other_part++
  }
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : Math.round((a / b) * 10000) / 10000)
const byRecall = (groups: Record<string, { relevant: number; found: number }>) =>
  Object.fromEntries(
    Object.entries(groups).map(([name, { relevant, found }]) => [name, { relevant, found, recall: ratio(found, relevant) }]),
  )
const summary = (tally: Tally) => ({
  queries: tally.queries,
  recall: ratio(tally.found, tally.relevant),
  precision: ratio(tally.results - tally.foreign, tally.results),
  foreign_results: tally.foreign,
  other_part_results: tally.other_part,
  results: tally.results,
  recall_by_missing_id: byRecall(tally.byLabel),
  recall_by_spelling: byRecall(tally.bySpelling),
})

const openReadOnly = (directory: string, withoutCrosswalk: boolean): Database => {
  const db = new Database(join(directory, 'torrents.db'), { readonly: true })
  db.run(`ATTACH DATABASE '${join(directory, 'files.db').replace(/'/g, "''")}' AS files_db`)
  if (withoutCrosswalk) {
    // Unqualified names resolve to TEMP first: the searches see no crosswalk.
    for (const table of ['linked_torrents', 'id_links']) db.run(`CREATE TEMP TABLE ${table} AS SELECT * FROM ${table} WHERE 0`)
  }
  return db
}

export const measureIdRecall = async (options: RecallOptions): Promise<RecallFigures> => {
  const root = resolve(options.codeRoot ?? join(import.meta.dir, '..', '..'))
  const { search } = (await import(join(root, 'runtime/search/search.ts'))) as { search: Search }
  const { truth } = options
  const db = openReadOnly(options.directory, options.withoutCrosswalk === true)
  const timings: number[] = []
  const timed = (query: SearchQuery): SearchHit[] => {
    const started = performance.now()
    const { items } = search(db, query)
    timings.push(performance.now() - started)
    return items
  }
  const relatedOf = (imdb: string): Set<string> => new Set(truth.related[imdb] ?? [])
  try {
    const episodes = emptyTally()
    for (const [key, hashes] of spread(Object.entries(truth.episodes), options.sample)) {
      const [imdb, season, episode] = key.split('/')
      const hits = timed(pageOne({ scope: 'shows', imdb: numeric(imdb), season: Number(season), episode: Number(episode) }))
      tallyPage(truth, episodes, hits, hashes, relatedOf(imdb))
    }
    const films = emptyTally()
    const filmsBoth = emptyTally()
    for (const movie of spread(truth.movies, options.sample)) {
      tallyPage(truth, films, timed(pageOne({ scope: 'movies', imdb: numeric(movie.imdb) })), movie.hashes, relatedOf(movie.imdb))
      if (movie.tmdb !== null)
        tallyPage(
          truth,
          filmsBoth,
          timed(pageOne({ scope: 'movies', imdb: numeric(movie.imdb), tmdb: movie.tmdb })),
          movie.hashes,
          relatedOf(movie.imdb),
        )
    }
    timings.sort((a, b) => a - b)
    const quantile = (q: number): number => Math.round(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] * 1000) / 1000
    const mean = Math.round((timings.reduce((a, b) => a + b, 0) / timings.length) * 1000) / 1000
    return {
      episode_by_imdb: summary(episodes),
      film_by_imdb: summary(films),
      film_by_imdb_and_tmdb: summary(filmsBoth),
      search_ms: { p50: quantile(0.5), p99: quantile(0.99), mean },
    }
  } finally {
    db.close()
  }
}

/** The headline figures of both runs side by side, as markdown rows. */
export const recallRows = (figures: { with: RecallFigures; without: RecallFigures }): string[] => {
  const rows = [
    '| id search | page-1 recall without / with the crosswalk | precision without / with | id-less releases found, with |',
    '|---|---|---|---|',
  ]
  for (const kind of ['episode_by_imdb', 'film_by_imdb', 'film_by_imdb_and_tmdb'] as const) {
    const [before, after] = [figures.without[kind], figures.with[kind]]
    const missing = after.recall_by_missing_id
    const idless = ['tmdb_only', 'no_id']
      .map((label) => `${label} ${missing[label]?.found ?? 0}/${missing[label]?.relevant ?? 0}`)
      .join(', ')
    rows.push(
      `| ${kind.replace(/_/g, ' ')} (${after.queries}) | ${before.recall} / **${after.recall}** | ${before.precision} / **${after.precision}** | ${idless} |`,
    )
  }
  return rows
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const option = (name: string): string | undefined => {
    const at = args.indexOf(`--${name}`)
    return at >= 0 ? args[at + 1] : undefined
  }
  const [directory, truthFile] = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'))
  if (!directory || !truthFile) {
    console.error(
      'usage: bun test/bench/id-recall.ts <snapshot directory> <truth.json> [--code <checkout root>] [--sample N] [--without-crosswalk 1]',
    )
    process.exit(2)
  }
  const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as GroundTruth
  const figures = await measureIdRecall({
    directory,
    truth,
    sample: Number(option('sample') ?? 4000),
    codeRoot: option('code'),
    withoutCrosswalk: option('without-crosswalk') === '1',
  })
  console.log(JSON.stringify(figures, null, 2))
}
