/**
 * The synthetic ICVDB generator at tiny scale: a real pg_dump -Fc archive from PostgreSQL 15,
 * imported by the real importer, whose search finds every episode and film the ground truth names.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSnapshot, type OpenSnapshot } from '../../../runtime/db/database.ts'
import { importSnapshot } from '../../../runtime/importer/import.ts'
import type { SearchQuery } from '../../../runtime/search/query.ts'
import { search } from '../../../runtime/search/search.ts'
import { generateDump, type GenerateResult } from '../../bench/generate.ts'
import { generateRows, TABLES, type TableName } from '../../bench/generate-rows.ts'
import { PG_BIN, runCommand, stopAllClusters } from '../../bench/pg-cluster.ts'
import { baseQuery } from '../runtime/search/_catalogue.ts'

const TORRENTS = 300
const SEED = 'unit-test'

let work: string
let generated: GenerateResult
let snapshot: OpenSnapshot

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'icvdb-generator-'))
  generated = await generateDump({ torrents: TORRENTS, seed: SEED, out: join(work, 'tiny.dump') })
  const directory = join(work, 'snapshot')
  await importSnapshot({ source: generated.out, directory, tag: 'synthetic' })
  snapshot = openSnapshot(directory, 'synthetic')
}, 60_000) // initdb + load + pg_dump + import: about 3 s idle, more on a busy machine

afterAll(() => {
  stopAllClusters()
  snapshot?.db.close()
  rmSync(work, { recursive: true, force: true })
})

/** sha256 of each table's COPY text, for a seed. */
const digests = async (seed: string): Promise<Record<TableName, string>> => {
  const hashes = Object.fromEntries(TABLES.map((table) => [table, createHash('sha256')])) as Record<
    TableName,
    ReturnType<typeof createHash>
  >
  await generateRows(seed, TORRENTS, { line: (table, line) => void hashes[table].update(line), drain: async () => {} })
  return Object.fromEntries(TABLES.map((table) => [table, hashes[table].digest('hex')])) as Record<TableName, string>
}

const numericImdb = (imdb: string): number => Number(imdb.slice(2))

const query = (fields: Partial<SearchQuery>): SearchQuery => baseQuery({ limit: 10_000, ...fields })

const found = (fields: Partial<SearchQuery>): Set<string> => new Set(search(snapshot.db, query(fields)).items.map((hit) => hit.info_hash))

describe('synthetic ICVDB generator', () => {
  test('the same seed gives byte-identical rows and another seed different ones', async () => {
    const first = await digests(SEED)
    expect(await digests(SEED)).toEqual(first)
    expect((await digests('another seed')).torrents).not.toBe(first.torrents)
  })

  test('writes a pg_dump 15 custom archive with the data of all five ICVDB tables', async () => {
    const listing = await runCommand([join(PG_BIN, 'pg_restore'), '-l', generated.out])
    expect(listing).toContain('Format: CUSTOM')
    expect(listing).toContain('Dump Version: 1.14-0')
    for (const table of TABLES) expect(listing).toMatch(new RegExp(`TABLE DATA public ${table} `))
    for (const index of ['idx_torrents_title_trgm', 'idx_files_episode', 'pack_files_hash_fileindex_idx']) expect(listing).toContain(index)
  })

  test('the archive imports with every generated row and the ICVDB mix of types, files and packs', () => {
    const { counts } = generated
    expect(counts.torrents).toBe(TORRENTS)
    const meta = Object.fromEntries(
      (snapshot.db.query('SELECT key, value FROM snapshot_meta').all() as { key: string; value: string }[]).map((row) => [
        row.key,
        row.value,
      ]),
    )
    expect(Number(meta.rows_torrents)).toBe(counts.torrents)
    expect(Number(meta.rows_files)).toBe(counts.files)
    expect(Number(meta.rows_pack_files)).toBe(counts.pack_files)
    // Roughly 45/45/8/2 with 300 draws, and packs that list episodes and films.
    expect(counts.movie).toBeGreaterThan(100)
    expect(counts.series).toBeGreaterThan(100)
    expect(counts.anime).toBeGreaterThan(10)
    expect(counts.files).toBeGreaterThan(TORRENTS)
    expect(counts.pack_files).toBeGreaterThan(5)
  })

  test('the episode ground truth spans single and multi-episode torrents, season packs, ranges and complete series', () => {
    const hashes = [...new Set(Object.values(generated.truth.episodes).flat())]
    const titleOf = snapshot.db.query('SELECT title FROM torrents WHERE info_hash = ?')
    const titles = hashes.map((hash) => (titleOf.get(hash) as { title: string }).title)
    const shapes: Record<string, RegExp> = {
      single: /S\d\dE\d\d(?![-E\d])|\b\d{1,2}x\d\d\b/i,
      multi: /S\d\dE\d\d(?:-?E|-)\d\d/i,
      season: /\bS\d\d\b(?!-)|Season[ ._]\d+(?!-)|Stagione[ ._]\d+/i,
      range: /S\d\d-S\d\d|Stagioni[ ._]\d+-\d+|Season[ ._]\d+-\d+/i,
      complete: /Complete[ ._]Series|Serie[ ._]Completa|Stagioni[ ._]Complete|\bCOMPLETE\b/,
      anime_absolute: /^\[[^\]]+\] .+ - \d{2,4} \[/,
    }
    for (const [shape, pattern] of Object.entries(shapes))
      expect({ shape, found: titles.some((title) => pattern.test(title)) }).toEqual({ shape, found: true })
  })

  // Rows without the show's or film's IMDb id (truth.labels) are found by the crosswalk only when
  // their name is unambiguous; the generator's names repeat across works on purpose, so at this
  // size some are not: every labelled release must be found, and most unlabelled ones.
  const missed = (queries: Array<[string, SearchQuery, string[]]>) => {
    const missing = { labelled: [] as string[], unlabelled: [] as string[], unlabelledTotal: 0 }
    for (const [key, fields, hashes] of queries) {
      const hits = found(fields)
      for (const hash of hashes) {
        const unlabelled = generated.truth.labels[hash] !== undefined
        if (unlabelled) missing.unlabelledTotal++
        if (!hits.has(hash)) missing[unlabelled ? 'unlabelled' : 'labelled'].push(`${key} ${hash}`)
      }
    }
    return missing
  }

  test('every episode in the ground truth is found by an IMDb episode search (most id-less ones through the crosswalk)', () => {
    const episodes = Object.entries(generated.truth.episodes)
    expect(episodes.length).toBeGreaterThan(100)
    const missing = missed(
      episodes.map(([key, hashes]) => {
        const [imdb, season, episode] = key.split('/')
        return [key, query({ scope: 'shows', imdb: numericImdb(imdb), season: Number(season), episode: Number(episode) }), hashes]
      }),
    )
    expect(missing.labelled).toEqual([])
    expect(missing.unlabelled.length).toBeLessThanOrEqual(missing.unlabelledTotal / 2)
  })

  test('every film in the ground truth is found by its IMDb id, movie packs included (most id-less ones through the crosswalk)', () => {
    expect(generated.truth.movies.length).toBeGreaterThan(20)
    const packs = new Set(
      (snapshot.db.query('SELECT DISTINCT pack_hash FROM pack_files').all() as { pack_hash: string }[]).map((row) => row.pack_hash),
    )
    expect(generated.truth.movies.some((movie) => movie.hashes.some((hash) => packs.has(hash)))).toBe(true)
    const missing = missed(
      generated.truth.movies.map((movie) => [movie.imdb, query({ scope: 'movies', imdb: numericImdb(movie.imdb) }), movie.hashes]),
    )
    expect(missing.labelled).toEqual([])
    expect(missing.unlabelledTotal).toBeGreaterThan(0)
    expect(missing.unlabelled.length).toBeLessThanOrEqual(missing.unlabelledTotal / 2)
  })

  test('the ground truth counts the modelled ids and spellings, and every relevant release is a release of its work', () => {
    const { counts, labels, related } = generated.truth
    const counted = (prefix: string) => Object.entries(counts).some(([name, n]) => name.startsWith(prefix) && n > 0)
    for (const feature of ['movie_', 'series_', 'episode_', 'multi_episode', 'pack_'])
      expect({ feature, counted: counted(feature) }).toEqual({ feature, counted: true })
    expect(Object.keys(labels).length).toBeGreaterThan(0)
    for (const movie of generated.truth.movies) for (const hash of movie.hashes) expect(related[movie.imdb]).toContain(hash)
  })
})
