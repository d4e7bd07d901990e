/**
 * A small, hand-made catalogue for the search tests: every strategy has rows that must match and
 * near misses that must not. Rows are named by label; hashOf(label) is their info hash.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OpenSnapshot } from '../../../../runtime/db/database.ts'
import { buildSnapshot, hashOf, type FileRow, type PackFileRow, type TorrentRow } from '../../../helpers/snapshot-rows.ts'

type Row = Omit<TorrentRow, 'info_hash'>

const day = (n: number) => 1_600_000_000 + n * 86_400

// Show A is tt0000100; its rows cover episodes, packs, ranges, S10 near misses and files.
export const ROWS: Record<string, Row> = {
  a_s01e01: { title: 'Show.A.S01E01.ITA.1080p', type: 'series', imdb: 'tt0000100', season: 1, episode: 1, seeders: 10, uploaded: day(1) },
  a_s01e02_e04: { title: 'Show.A.S01E02-E04.720p', type: 'series', imdb: 'tt0000100', seeders: 4, uploaded: day(2) },
  a_s01_pack: { title: 'Show.A.S01.COMPLETE.ITA', type: 'series', imdb: 'tt0000100', season: 1, seeders: 30, uploaded: day(3) },
  a_s10_pack: { title: 'Show.A.S10.ITA', type: 'series', imdb: 'tt100', seeders: 3, uploaded: day(4) },
  a_s10e01: { title: 'Show.A.S10E01.ITA', type: 'series', imdb: 'tt0000100', seeders: 3, uploaded: day(5) },
  a_s01_s03: { title: 'Show A S01-S03 MULTI 1080p', type: 'series', imdb: 'tt0000100', seeders: 8, uploaded: day(6) },
  a_complete: { title: 'Show A Complete Series ITA', type: 'series', imdb: 'tt0000100', uploaded: day(7) },
  a_stagione_2: { title: 'Show A Stagione 2 Completa', type: 'series', seeders: 2, uploaded: day(8) },
  a_stagione_12: { title: 'Show A Stagione 12 Completa', type: 'series', seeders: 2, uploaded: day(8) },
  a_files_pack: { title: 'Show A Collection', type: 'series', imdb: 'tt0000100', seeders: 1, uploaded: day(9) },
  a_s02e05_sub: {
    title: 'Show.A.S02E05.SUB.ITA.2160p',
    type: 'series',
    imdb: 'tt0000100',
    season: 2,
    episode: 5,
    seeders: 50,
    uploaded: day(10),
  },
  a_unknown: { title: 'Show.A.S01E01.mkv', type: 'unknown', imdb: 'tt0000100', season: 1, episode: 1, uploaded: day(11) },
  a_anime: { title: 'Show A - 05 [SUB ITA]', type: 'anime', imdb: 'tt0000100', season: 1, episode: 5, uploaded: day(12) },
  mixed_pack: { title: 'Mixed Shows Pack', type: 'series', imdb: 'tt0000200', uploaded: day(13) },
  b_s03e01: { title: 'Show.B.S03E01.720p', type: 'series', imdb: 'tt0000200', season: 3, episode: 1, uploaded: day(14) },
  // Films: tt0001000 (TMDB 11) and the packs that hold it.
  m_film: { title: 'Film.One.2001.ITA.1080p', type: 'movie', imdb: 'tt0001000', tmdb: 11, seeders: 5, uploaded: day(20) },
  m_unpadded: { title: 'Film One 2001 DUAL 2160p', type: 'movie', imdb: 'tt1000', seeders: 50, uploaded: day(21) },
  m_pack: { title: 'Film Trilogy ITA 1080p', type: 'movie', imdb: 'tt0000999', seeders: 7, uploaded: day(22) },
  m_pack_noid: { title: 'Film Trilogy MULTi 4K', type: 'movie', uploaded: day(23) },
  m_other: { title: 'Film.Two.2003.ENG.720p', type: 'movie', imdb: 'tt0001001', tmdb: 12, seeders: 100, uploaded: day(24) },
  m_tmdb_only: { title: 'Film One Copy 576p', type: 'movie', tmdb: 11, seeders: 2, uploaded: day(25) },
  m_title_only: { title: 'Film One 2001 SUB ITA', type: 'movie', seeders: 200, uploaded: day(26) },
  m_libertà: { title: 'Le ali della libertà (1994) [BDRip 720p ITA]', type: 'movie', uploaded: day(27) },
}

export const h = (label: string): string => hashOf(label)

export const FILES: FileRow[] = [
  { info_hash: h('a_files_pack'), imdb: 'tt0000100', season: 2, episode: 5 },
  { info_hash: h('a_files_pack'), imdb: null, season: 2, episode: 6 },
  { info_hash: h('mixed_pack'), imdb: 'tt0000100', season: 3, episode: 1 },
  { info_hash: h('mixed_pack'), imdb: null, season: 4, episode: 1 },
  { info_hash: h('a_stagione_2'), imdb: null, season: 7, episode: 7 },
]

export const PACK_FILES: PackFileRow[] = [
  { pack_hash: h('m_pack'), imdb: 'tt0000999' },
  { pack_hash: h('m_pack'), imdb: 'tt0001000' },
  { pack_hash: h('m_pack_noid'), imdb: 'tt0001000' },
  { pack_hash: h('m_pack_noid'), imdb: null },
]

export const openCatalogue = (): { snapshot: OpenSnapshot; close: () => void } => {
  const directory = mkdtempSync(join(tmpdir(), 'icvdb-search-'))
  const torrents = Object.entries(ROWS).map(([label, row]) => ({ ...row, info_hash: h(label) }))
  const snapshot = buildSnapshot(directory, { torrents, files: FILES, packFiles: PACK_FILES })
  return {
    snapshot,
    close: () => {
      snapshot.db.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

const LABELS = new Map(Object.keys(ROWS).map((label) => [h(label), label]))
export const labelOf = (hash: string): string => LABELS.get(hash) ?? hash

export { baseQuery } from '../../../helpers/search-query.ts'
