/**
 * Maps upstream COPY rows to snapshot rows (runtime/db/schema.ts). Upstream columns are found by name
 * in the copyStmt column list, never by position (upstream may add or reorder columns): the reader
 * delivers exactly `sourceColumns`, in that order (TableRequest.pick).
 */
import type { Database } from 'bun:sqlite'
import { FILE_COLUMNS, PACK_FILE_COLUMNS, TORRENT_COLUMNS } from '../db/schema.ts'
import type { CopyRow } from '../pgarchive/reader.ts'
import type { SqlValue } from './batch-insert.ts'
import { deriveTorrent, storedFold } from '../search/derive.ts'
import { indexedTitle } from '../search/indexed-title.ts'
import { imdbNumber, integerOrNull, timestampSeconds } from './column-values.ts'
import { ImportError } from './import-error.ts'
import { FileSeasons } from './file-seasons.ts'
import { IdCrosswalk, writeCrosswalk } from './id-crosswalk.ts'
import { TorrentIds } from './torrent-ids.ts'
import { TorrentShows } from './torrent-shows.ts'

/** Writes one snapshot row into `values` at `offset`; `rowNumber` counts from 1. */
type RowMapper = (row: CopyRow, values: SqlValue[], offset: number, rowNumber: number) => void

export interface TableMapping {
  /** Upstream table name. */
  source: string
  /** The upstream columns `map` reads, in the order each row must hold them. */
  sourceColumns: readonly string[]
  /** Snapshot table and its columns, in insert order. */
  target: string
  columns: readonly string[]
  map: RowMapper
  /** Runs once every row is inserted, in the load's transaction. */
  finish?(db: Database): void
  /** Releases what the mapping holds when its load fails (statements of a table it fills beside). */
  release?(): void
}

/** What the loads of one snapshot file share. */
export interface LoadContext {
  /** Torrent ids by hash: the title load fills it before the files load reads it (files.db). */
  torrentIds: TorrentIds
  /** Each torrent's IMDb id: the title load fills it before the files load reads it (files.db). */
  torrentShows?: TorrentShows
  /** The file being loaded, for tables a mapping fills beside its own (file_seasons). */
  db?: Database
}

/** A mapping into one snapshot table, built for an archive whose table has `columns`. */
export type MappingFactory = (columns: readonly string[], context?: LoadContext) => TableMapping

/** Checks the archive has every needed column; returns each one's place in the delivered row. */
const columnIndexes = <const Name extends string>(
  table: string,
  columns: readonly string[],
  wanted: readonly Name[],
): Record<Name, number> => {
  const indexes = {} as Record<Name, number>
  wanted.forEach((name, index) => {
    if (!columns.includes(name)) throw new ImportError(`table ${table} in the archive has no column ${name}`)
    indexes[name] = index
  })
  return indexes
}

const required = (value: string | null, table: string, column: string, rowNumber: number): string => {
  if (value === null) throw new ImportError(`table ${table} row ${rowNumber} has no ${column}`)
  return value
}

// Each torrents column's place in a row, from TORRENT_COLUMNS itself: the insert order is written once.
const AT = Object.fromEntries(TORRENT_COLUMNS.map((column, index) => [column, index])) as Record<(typeof TORRENT_COLUMNS)[number], number>
// The columns deriveTorrent() fills under the same names.
const DERIVED_COLUMNS = [
  'season_first',
  'season_last',
  'episode_first',
  'episode_last',
  'complete',
  'resolution',
  'audio_ita',
  'multi_audio',
  'subs_ita',
  'languages',
  'subtitles',
  'title_fold',
] as const satisfies ReadonlyArray<(typeof TORRENT_COLUMNS)[number] & keyof ReturnType<typeof deriveTorrent>>

const TORRENT_SOURCE = [
  'info_hash',
  'provider',
  'title',
  'size',
  'type',
  'upload_date',
  'seeders',
  'imdb_id',
  'tmdb_id',
  'imdb_season',
  'imdb_episode',
] as const

const torrentsMapping: MappingFactory = (columns) => {
  const at = columnIndexes('torrents', columns, TORRENT_SOURCE)
  // Seven providers repeat a million times: fold each once.
  const providerFolds = new Map<string, string | null>()
  const map: RowMapper = (row, values, offset, rowNumber) => {
    const title = required(row[at.title], 'torrents', 'title', rowNumber)
    const provider = required(row[at.provider], 'torrents', 'provider', rowNumber)
    const uploadDate = required(row[at.upload_date], 'torrents', 'upload_date', rowNumber)
    const uploaded = timestampSeconds(uploadDate)
    if (uploaded === null) throw new ImportError(`table torrents row ${rowNumber} has an unreadable upload_date "${uploadDate}"`)
    let providerFold = providerFolds.get(provider)
    if (providerFold === undefined) providerFolds.set(provider, (providerFold = storedFold(provider)))
    const derived = deriveTorrent(title)
    values[offset + AT.id] = rowNumber
    values[offset + AT.info_hash] = required(row[at.info_hash], 'torrents', 'info_hash', rowNumber).toLowerCase()
    values[offset + AT.title] = title
    values[offset + AT.provider] = provider
    values[offset + AT.size] = integerOrNull(row[at.size])
    values[offset + AT.type] = required(row[at.type], 'torrents', 'type', rowNumber)
    values[offset + AT.uploaded] = uploaded
    values[offset + AT.seeders] = integerOrNull(row[at.seeders])
    values[offset + AT.imdb] = imdbNumber(row[at.imdb_id])
    values[offset + AT.tmdb] = integerOrNull(row[at.tmdb_id])
    values[offset + AT.season] = integerOrNull(row[at.imdb_season])
    values[offset + AT.episode] = integerOrNull(row[at.imdb_episode])
    for (const column of DERIVED_COLUMNS) values[offset + AT[column]] = derived[column]
    values[offset + AT.provider_fold] = providerFold
  }
  return { source: 'torrents', sourceColumns: TORRENT_SOURCE, target: 'torrents', columns: TORRENT_COLUMNS, map }
}

const TITLE_SOURCE = ['info_hash', 'title', 'type', 'imdb_id', 'tmdb_id', 'imdb_season', 'imdb_episode'] as const

/**
 * torrents.title (as the title index holds it: indexed-title.ts) into the staging table torrent_titles (files.db, TEMP), rowid = the torrent's id
 * (its row number, as above), from which the pipeline fills torrents_fts by rank in one INSERT…SELECT;
 * each id under its hash and its IMDb id, for the files load that follows; and the id crosswalk (with `context.db`),
 * written once the titles are in: this side finishes well before the torrents load, the import's
 * long pole, so learning here costs no wall time, and its memory is gone before the files load.
 */
const torrentTitlesMapping: MappingFactory = (columns, context) => {
  const at = columnIndexes('torrents', columns, TITLE_SOURCE)
  const ids = context?.torrentIds ?? new TorrentIds()
  const shows = context?.torrentShows
  const crosswalk = context?.db ? new IdCrosswalk() : null
  const map: RowMapper = (row, values, offset, rowNumber) => {
    ids.add(required(row[at.info_hash], 'torrents', 'info_hash', rowNumber), rowNumber)
    const title = required(row[at.title], 'torrents', 'title', rowNumber)
    const imdb = imdbNumber(row[at.imdb_id])
    shows?.set(rowNumber, imdb)
    values[offset] = rowNumber
    values[offset + 1] = indexedTitle(title)
    crosswalk?.add({
      torrent: rowNumber,
      type: row[at.type] ?? '',
      title,
      imdb,
      tmdb: integerOrNull(row[at.tmdb_id]),
      season: integerOrNull(row[at.imdb_season]),
      episode: integerOrNull(row[at.imdb_episode]),
    })
  }
  const finish = crosswalk ? (db: Database) => void writeCrosswalk(db, crosswalk.rows()) : undefined
  return { source: 'torrents', sourceColumns: TITLE_SOURCE, target: 'torrent_titles', columns: ['rowid', 'title'], map, finish }
}

const FILE_SOURCE = ['info_hash', 'file_index', 'title', 'size', 'imdb_id', 'imdb_season', 'imdb_episode'] as const

/**
 * Needs the torrents' ids in `context` first (a file whose hash has no torrent gets NULL). Also fills
 * file_seasons and pack_seasons as it goes (with `context.db`; the latter with the torrents' IMDb ids).
 */
const filesMapping: MappingFactory = (columns, context) => {
  const at = columnIndexes('files', columns, FILE_SOURCE)
  const ids = context?.torrentIds ?? new TorrentIds()
  const shows = context?.torrentShows
  const seasons = context?.db ? new FileSeasons(context.db) : null
  const map: RowMapper = (row, values, offset, rowNumber) => {
    const torrent = ids.idOf(required(row[at.info_hash], 'files', 'info_hash', rowNumber))
    const imdb = imdbNumber(row[at.imdb_id])
    const season = integerOrNull(row[at.imdb_season])
    values[offset] = torrent
    values[offset + 1] = integerOrNull(row[at.file_index])
    values[offset + 2] = required(row[at.title], 'files', 'title', rowNumber)
    values[offset + 3] = integerOrNull(row[at.size])
    values[offset + 4] = imdb
    values[offset + 5] = season
    values[offset + 6] = integerOrNull(row[at.imdb_episode])
    seasons?.add(torrent, imdb, season, torrent === null ? null : (shows?.get(torrent) ?? null))
  }
  return {
    source: 'files',
    sourceColumns: FILE_SOURCE,
    target: 'files',
    columns: FILE_COLUMNS,
    map,
    finish: () => seasons?.finish(),
    release: () => seasons?.release(),
  }
}

const PACK_FILE_SOURCE = ['pack_hash', 'imdb_id', 'file_index', 'file_path', 'file_size'] as const

const packFilesMapping: MappingFactory = (columns) => {
  const at = columnIndexes('pack_files', columns, PACK_FILE_SOURCE)
  const map: RowMapper = (row, values, offset, rowNumber) => {
    values[offset] = required(row[at.pack_hash], 'pack_files', 'pack_hash', rowNumber).toLowerCase()
    values[offset + 1] = imdbNumber(row[at.imdb_id])
    values[offset + 2] = integerOrNull(row[at.file_index])
    values[offset + 3] = required(row[at.file_path], 'pack_files', 'file_path', rowNumber)
    values[offset + 4] = integerOrNull(row[at.file_size])
  }
  return { source: 'pack_files', sourceColumns: PACK_FILE_SOURCE, target: 'pack_files', columns: PACK_FILE_COLUMNS, map }
}

/** The upstream tables the snapshot is built from, each with its mapping factory. */
export const rowMappers: Record<'torrents' | 'files' | 'pack_files', MappingFactory> = {
  torrents: torrentsMapping,
  files: filesMapping,
  pack_files: packFilesMapping,
}

export type SourceTable = keyof typeof rowMappers

/** Mappings into tables that are not copies of one upstream table. */
export const derivedMappers: Record<'torrent_titles', MappingFactory> = { torrent_titles: torrentTitlesMapping }
