/**
 * The id crosswalk, learned from the torrents rows as the files.db pipeline reads their titles
 * (docs/id-crosswalk.md): IMDb ↔ TMDB pairs from rows that carry both, and for each work the names (a
 * film's with its year) that rows carrying its id give it. Written as two tables of files.db: id_links (the pairs: a search by
 * TMDB id also reads the rows of the paired IMDb id through them) and linked_torrents, the rows an id
 * search should find although they do not carry its id:
 * - a row with only the TMDB id of a pair, under the pair's IMDb id;
 * - a row with neither id whose name key (runtime/search/release-name.ts) belongs to one work only.
 * A name that rows of several works carry, or that disagrees with the pairs, is not used; neither
 * is a pair that some row contradicts (an IMDb id seen with two TMDB ids, or the other way round).
 */
import type { Database } from 'bun:sqlite'
import { EVIDENCE_COLUMNS } from '../db/schema.ts'
import { deriveTorrent } from '../search/derive.ts'
import { releaseNameKey } from '../search/release-name.ts'
import { BatchInsert } from './batch-insert.ts'
import { NumberTable } from './number-table.ts'

// In the maps below: 0 = no id seen yet, SEVERAL = more than one.
const SEVERAL = -1

/**
 * A name key as a 52-bit number (two 32-bit FNV-1a lanes, one cut to 20 bits): the maps hold numbers,
 * not strings (the crosswalk of 1M rows held 19.6 MB with string keys, 17.3 MB with these). Two keys
 * share a number with odds of about n²/2^53, ~1e-6 for the ~100,000 keys of a million rows.
 */
export const keyNumber = (key: string): number => {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ key.length
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
  }
  // From 1: NumberTable keys are positive.
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff) + 1
}

/** `known` merged with one more sighting of `id` (null: the row had none). */
const merged = (known: number, id: number | null): number => (id === null || known === id ? known : known === 0 ? id : SEVERAL)

/** Records one more sighting of `id` under `key`, writing only when that changes what is known (most rows repeat it). */
const see = (map: NumberTable, key: number, id: number | null): void => {
  const known = map.get(key)
  const next = merged(known, id)
  if (next !== known) map.set(key, next)
}

const validId = (id: number | null): number | null => (id !== null && Number.isSafeInteger(id) && id > 0 ? id : null)

/** One torrents row as the crosswalk reads it: its ids, and its own season/episode columns. */
export interface CrosswalkRow {
  torrent: number
  type: string
  title: string
  imdb: number | null
  tmdb: number | null
  season: number | null
  episode: number | null
}

// deriveTorrent's fields of the evidence, in EVIDENCE_COLUMNS order after the row's own season and episode.
const RANGE_FIELDS = ['season_first', 'season_last', 'episode_first', 'episode_last', 'complete'] as const

/**
 * The season/episode evidence of a row that may be linked, as torrents holds it (its own columns, and
 * the title's ranges from deriveTorrent): linked_torrents carries it, so an episode search tests linked
 * rows on its index alone instead of fetching each torrents row (~30 µs a search at the median).
 */
// A row waiting to be linked: [torrent, id or name key, ...evidence], NaN for NULL (the lists stay
// arrays of plain numbers, which the collector need not scan).
const STRIDE = 2 + EVIDENCE_COLUMNS.length

const pushCandidate = (list: number[], row: CrosswalkRow, id: number): void => {
  // deriveTorrent, as the torrents load stores it, whatever the episode parser becomes (~70k rows at 1M).
  const range = deriveTorrent(row.title)
  list.push(row.torrent, id, row.season ?? Number.NaN, row.episode ?? Number.NaN)
  for (const field of RANGE_FIELDS) list.push(range[field] ?? Number.NaN)
}

const nullable = (value: number): number | null => (Number.isNaN(value) ? null : value)

/** What was written. */
export interface CrosswalkCounts {
  pairs: number
  linked: number
}

/**
 * What the crosswalk found, as flat numbers (NaN for NULL) that move between threads without a copy:
 * `pairs` (imdb, tmdb)…, `linked` (imdb, tmdb, torrent, ...evidence)… in linked_torrents' column order.
 */
export interface CrosswalkRows {
  pairs: Float64Array
  linked: Float64Array
}

const LINKED_COLUMNS = ['imdb', 'tmdb', 'torrent', ...EVIDENCE_COLUMNS]

/** Inserts `values` into `table` a row of `columns.length` numbers at a time. */
const insertRows = (db: Database, table: string, columns: readonly string[], values: Float64Array): number => {
  const insert = new BatchInsert(db, table, columns)
  try {
    for (let at = 0; at < values.length; at += columns.length) {
      for (let i = 0; i < columns.length; i++) insert.values[insert.offset + i] = nullable(values[at + i])
      insert.advance()
    }
    insert.flush()
  } finally {
    insert.finalize()
  }
  return values.length / columns.length
}

/** Writes id_links and linked_torrents (inside the caller's transaction). */
export const writeCrosswalk = (db: Database, rows: CrosswalkRows): CrosswalkCounts => ({
  pairs: insertRows(db, 'id_links', ['imdb', 'tmdb'], rows.pairs),
  linked: insertRows(db, 'linked_torrents', LINKED_COLUMNS, rows.linked),
})

export class IdCrosswalk {
  #tmdbOfImdb = new NumberTable()
  #imdbOfTmdb = new NumberTable()
  // The ids each name key (as keyNumber) was seen with.
  #nameImdb = new NumberTable()
  #nameTmdb = new NumberTable()
  // Rows that may be linked (STRIDE numbers each): TMDB-only rows with their id, id-less rows with their name key.
  #tmdbOnly: number[] = []
  #unnamed: number[] = []

  /** One torrents row, in any order. */
  add(row: CrosswalkRow): void {
    const imdb = validId(row.imdb)
    const tmdb = validId(row.tmdb)
    if (imdb !== null && tmdb !== null) {
      see(this.#tmdbOfImdb, imdb, tmdb)
      see(this.#imdbOfTmdb, tmdb, imdb)
    } else if (tmdb !== null) pushCandidate(this.#tmdbOnly, row, tmdb)
    const name = releaseNameKey(row.title, row.type)
    if (name === null) return
    const key = keyNumber(name)
    if (imdb === null && tmdb === null) pushCandidate(this.#unnamed, row, key)
    else {
      see(this.#nameImdb, key, imdb)
      see(this.#nameTmdb, key, tmdb)
    }
  }

  /** The TMDB id paired with an IMDb id, when every row carrying both agrees on both sides. */
  tmdbOf(imdb: number): number | null {
    const tmdb = this.#tmdbOfImdb.get(imdb)
    return tmdb > 0 && this.#imdbOfTmdb.get(tmdb) === imdb ? tmdb : null
  }

  /** The IMDb id paired with a TMDB id, on the same terms. */
  imdbOf(tmdb: number): number | null {
    const imdb = this.#imdbOfTmdb.get(tmdb)
    return imdb > 0 && this.#tmdbOfImdb.get(imdb) === tmdb ? imdb : null
  }

  /** The work a name key (keyNumber) names: both its ids as far as known, or null when the name is ambiguous or unknown. */
  workOf(key: number): { imdb: number | null; tmdb: number | null } | null {
    const imdb = this.#nameImdb.get(key)
    const tmdb = this.#nameTmdb.get(key)
    if (imdb === SEVERAL || tmdb === SEVERAL || (imdb === 0 && tmdb === 0)) return null
    if (imdb > 0 && tmdb > 0) return this.tmdbOf(imdb) === tmdb ? { imdb, tmdb } : null
    if (imdb > 0) return { imdb, tmdb: this.tmdbOf(imdb) }
    return { imdb: this.imdbOf(tmdb), tmdb }
  }

  /**
   * What was found, as numbers; the learned tables go with it (call once, after every row). Counted
   * first, then written into arrays of the exact size: growing lists and copying them at the end held
   * the candidates three times over at the import's peak (3M torrents).
   */
  rows(): CrosswalkRows {
    let pairCount = 0
    for (const imdb of this.#tmdbOfImdb.keys()) if (this.tmdbOf(imdb) !== null) pairCount++
    const pairs = new Float64Array(pairCount * 2)
    let at = 0
    for (const imdb of this.#tmdbOfImdb.keys()) {
      const tmdb = this.tmdbOf(imdb)
      if (tmdb !== null) (pairs[at++] = imdb), (pairs[at++] = tmdb)
    }
    // Two passes over the candidates, the first to count: they are looked up again rather than kept.
    const lists = [
      { list: this.#tmdbOnly, ids: (tmdb: number) => ({ imdb: this.imdbOf(tmdb), tmdb: null }) },
      { list: this.#unnamed, ids: (key: number) => this.workOf(key) },
    ]
    const linkedTo = (ids: { imdb: number | null; tmdb: number | null } | null) =>
      ids && (ids.imdb !== null || ids.tmdb !== null) ? ids : null
    let linkedCount = 0
    for (const { list, ids } of lists) for (let i = 0; i < list.length; i += STRIDE) if (linkedTo(ids(list[i + 1]))) linkedCount++
    const linked = new Float64Array(linkedCount * LINKED_COLUMNS.length)
    at = 0
    for (const { list, ids } of lists) {
      for (let i = 0; i < list.length; i += STRIDE) {
        const work = linkedTo(ids(list[i + 1]))
        if (!work) continue
        linked[at++] = work.imdb ?? Number.NaN
        linked[at++] = work.tmdb ?? Number.NaN
        linked[at++] = list[i]
        for (let k = i + 2; k < i + STRIDE; k++) linked[at++] = list[k]
      }
    }
    this.#release()
    return { pairs, linked }
  }

  /** Drops what was learned once its rows are out. */
  #release(): void {
    ;[this.#tmdbOfImdb, this.#imdbOfTmdb, this.#nameImdb, this.#nameTmdb] = [
      new NumberTable(),
      new NumberTable(),
      new NumberTable(),
      new NumberTable(),
    ]
    this.#tmdbOnly = []
    this.#unnamed = []
  }
}
