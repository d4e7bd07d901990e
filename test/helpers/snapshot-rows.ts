/**
 * Test snapshots built from literal rows: the schema contract (runtime/db/schema.ts) plus
 * deriveTorrent(), exactly what the importer stores, for cases the fixture archives do not cover.
 */
import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { openSnapshot, type OpenSnapshot } from '../../runtime/db/database.ts'
import {
  FILES_FILE,
  FILES_INDEXES_DDL,
  FILES_TABLES_DDL,
  MAIN_FILE,
  MAIN_INDEXES_DDL,
  MAIN_TABLES_DDL,
  TORRENT_COLUMNS,
} from '../../runtime/db/schema.ts'
import { IdCrosswalk, writeCrosswalk, type CrosswalkRow } from '../../runtime/importer/id-crosswalk.ts'
import { deriveTorrent, storedFold } from '../../runtime/search/derive.ts'
import { writeFileSeasons, writeRankedTitles } from './rank-tables.ts'

/** A torrent as upstream stores it (imdb as text, upload date as a UTC ISO string or Unix seconds). */
export interface TorrentRow {
  info_hash: string
  title: string
  provider?: string
  size?: number | null
  type?: string
  uploaded?: number | string
  seeders?: number | null
  imdb?: string | null
  tmdb?: number | null
  season?: number | null
  episode?: number | null
}

export interface FileRow {
  info_hash: string
  file_index?: number | null
  title?: string
  size?: number | null
  imdb?: string | null
  season?: number | null
  episode?: number | null
}

export interface PackFileRow {
  pack_hash: string
  imdb?: string | null
  file_index?: number
  file_path?: string
  file_size?: number | null
}

export interface SnapshotRows {
  torrents: TorrentRow[]
  files?: FileRow[]
  packFiles?: PackFileRow[]
}

/** tt0111161 / tt111161 / 111161 → 111161, as the importer normalises ids. */
export const imdbNumber = (value: string | null | undefined): number | null => {
  const m = /^(?:tt)?(\d+)$/i.exec(value ?? '')
  return m ? Number(m[1]) : null
}

const seconds = (value: number | string | undefined): number =>
  typeof value === 'number' ? value : value === undefined ? 1_700_000_000 : Math.floor(Date.parse(`${value}Z`) / 1000)

const torrentValues = (row: TorrentRow, id: number): Record<string, unknown> => {
  const derived = deriveTorrent(row.title)
  const provider = row.provider ?? 'ilcorsaronero'
  return {
    id,
    info_hash: row.info_hash.toLowerCase(),
    title: row.title,
    provider,
    size: row.size ?? null,
    type: row.type ?? 'movie',
    uploaded: seconds(row.uploaded),
    seeders: row.seeders ?? null,
    imdb: imdbNumber(row.imdb),
    tmdb: row.tmdb ?? null,
    season: row.season ?? null,
    episode: row.episode ?? null,
    ...derived,
    provider_fold: storedFold(provider),
  }
}

const insertAll = (db: Database, table: string, columns: readonly string[], rows: Record<string, unknown>[]) => {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
  db.transaction(() => {
    for (const row of rows) statement.run(...(columns.map((column) => row[column] ?? null) as never[]))
  })()
}

/** Writes torrents.db and files.db into `directory` and opens it like the service does. */
export const buildSnapshot = (directory: string, rows: SnapshotRows, tag = 'db-test'): OpenSnapshot => {
  mkdirSync(directory, { recursive: true })
  const main = new Database(join(directory, MAIN_FILE), { create: true })
  for (const ddl of MAIN_TABLES_DDL) main.run(ddl)
  const torrents = rows.torrents.map((row, index) => torrentValues(row, index + 1))
  insertAll(main, 'torrents', TORRENT_COLUMNS, torrents)
  const packColumns = ['pack_hash', 'imdb', 'file_index', 'file_path', 'file_size']
  const packs = (rows.packFiles ?? []).map((row, index) => ({
    pack_hash: row.pack_hash.toLowerCase(),
    imdb: imdbNumber(row.imdb),
    file_index: row.file_index ?? index,
    file_path: row.file_path ?? `film-${index}.mkv`,
    file_size: row.file_size ?? null,
  }))
  insertAll(main, 'pack_files', packColumns, packs)
  for (const ddl of MAIN_INDEXES_DDL) main.run(ddl)

  const files = new Database(join(directory, FILES_FILE), { create: true })
  for (const ddl of FILES_TABLES_DDL) files.run(ddl)
  // As the importer does: a file names its torrent by id (the first torrent with its hash), or NULL.
  const idOfHash = new Map<string, number>()
  rows.torrents.forEach((row, index) => idOfHash.has(row.info_hash.toLowerCase()) || idOfHash.set(row.info_hash.toLowerCase(), index + 1))
  const fileColumns = ['torrent', 'file_index', 'title', 'size', 'imdb', 'season', 'episode']
  const fileRows = (rows.files ?? []).map((row, index) => ({
    torrent: idOfHash.get(row.info_hash.toLowerCase()) ?? null,
    file_index: row.file_index === undefined ? index : row.file_index,
    title: row.title ?? `file-${index}.mkv`,
    size: row.size ?? null,
    imdb: imdbNumber(row.imdb),
    season: row.season ?? null,
    episode: row.episode ?? null,
  }))
  insertAll(files, 'files', fileColumns, fileRows)
  // The crosswalk as the importer learns it from the same rows.
  const crosswalk = new IdCrosswalk()
  for (const row of torrents)
    crosswalk.add({
      torrent: row.id,
      type: row.type,
      title: row.title,
      imdb: row.imdb,
      tmdb: row.tmdb,
      season: row.season,
      episode: row.episode,
    } as CrosswalkRow)
  files.transaction(() => writeCrosswalk(files, crosswalk.rows()))()
  writeRankedTitles(main, files)
  writeFileSeasons(main, files)
  for (const ddl of FILES_INDEXES_DDL) files.run(ddl)
  files.close()
  main.close()
  return openSnapshot(directory, tag)
}

/** A 40-hex info hash derived from a label, so tests can name rows. */
export const hashOf = (label: string): string => new Bun.CryptoHasher('sha1').update(label).digest('hex')
