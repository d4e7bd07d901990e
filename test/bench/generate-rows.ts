/**
 * Produces the COPY text of all five ICVDB tables for a seed and a size: ~45% films, ~45% series,
 * ~8% anime, ~2% unknown, about 3 `files` rows and 0.1 `pack_files` rows per torrent.
 */
import { buildCatalog } from './catalog.ts'
import { copyLine, timestampText, type CopyValue } from './copy-text.ts'
import { movieRelease, unknownRelease } from './movie-releases.ts'
import { Random, weighted, zipf } from './random.ts'
import type { FileRow, PackFileRow, ReleaseContext } from './release-context.ts'
import { showRelease } from './series-releases.ts'
import { infoHash, TORRENT_COPY_COLUMNS, torrentValues } from './torrent-row.ts'
import { TruthRecorder, type GroundTruth } from './truth.ts'

export const TABLES = ['torrents', 'files', 'pack_files', 'pending_actions', 'torrent_search_cache'] as const
export type TableName = (typeof TABLES)[number]

/** COPY column lists in the upstream column order (torrents.title_vector is generated, never copied). */
export const COPY_COLUMNS: Record<TableName, readonly string[]> = {
  torrents: TORRENT_COPY_COLUMNS,
  files: ['id', 'info_hash', 'file_index', 'title', 'size', 'imdb_id', 'imdb_season', 'imdb_episode', 'rd_link_index', 'to_check_id'],
  pack_files: ['id', 'pack_hash', 'imdb_id', 'file_index', 'file_path', 'file_size', 'created_at', 'rd_link_index'],
  pending_actions: [
    'id',
    'action_type',
    'target_hashes',
    'summary',
    'payload',
    'requested_by',
    'status',
    'created_at',
    'decided_at',
    'decided_by',
    'rejection_reason',
  ],
  torrent_search_cache: ['cache_key', 'filtered_results', 'media_details', 'season', 'episode', 'imdb_id', 'created_at'],
}

/** Where the lines go; `drain` is awaited every few hundred torrents so a slow consumer throttles us. */
export interface RowWriter {
  line(table: TableName, line: string): void
  drain(torrentsDone: number): Promise<void>
}

const kind = weighted([
  ['movie', 45],
  ['series', 45],
  ['anime', 8],
  ['unknown', 2],
] as const)

const fileValues = (id: number, row: FileRow, random: Random): CopyValue[] => [
  id,
  row.infoHash,
  row.fileIndex,
  row.title,
  row.size,
  row.imdb,
  row.season,
  row.episode,
  random.chance(0.1) ? row.fileIndex : null,
  random.chance(0.3) ? 2 : 1,
]

const packFileValues = (id: number, row: PackFileRow, random: Random, created: string): CopyValue[] => [
  id,
  row.packHash,
  row.imdb,
  row.fileIndex,
  row.filePath,
  row.fileSize,
  created,
  random.chance(0.2) ? row.fileIndex : null,
]

// Rows the upstream triggers rejected still used a sequence value, so real ids have gaps.
const nextId = (random: Random, previous: number): number => previous + 1 + (random.chance(0.005) ? random.between(1, 3) : 0)

/** The two small tables, a handful of rows each (they must round-trip, nothing searches them). */
const smallTables = (writer: RowWriter, hashes: string[]): void => {
  const statuses = ['pending', 'approved', 'rejected']
  for (let id = 1; id <= Math.min(8, hashes.length); id++) {
    const target = `{${hashes.slice(id - 1, id + 1).join(',')}}`
    const payload = JSON.stringify({ field: 'imdb_id', value: `tt${String(1000000 + id).padStart(7, '0')}`, note: 'città "nuova"\\' })
    writer.line(
      'pending_actions',
      copyLine([
        id,
        'update_imdb',
        target,
        `Correzione id ${id}\tper revisione`,
        payload,
        'ModificaControllata',
        statuses[id % 3],
        `2024-0${(id % 9) + 1}-12 10:00:00+00`,
        id % 3 === 0 ? null : '2024-10-01 08:30:00+00',
        id % 3 === 0 ? null : 1000 + id,
        id % 3 === 2 ? 'id errato' : null,
      ]),
    )
  }
  for (let n = 0; n < Math.min(6, hashes.length); n++) {
    const results = JSON.stringify(hashes.slice(n, n + 3).map((hash) => ({ info_hash: hash, title: `Release ${n}`, seeders: n })))
    writer.line(
      'torrent_search_cache',
      copyLine([
        `tt${1000000 + n}:${n}:${n}`,
        results,
        n % 2 ? null : '{"title":"Titolo"}',
        n % 2 ? n : null,
        n % 2 ? n + 1 : null,
        `tt${1000000 + n}`,
        `2025-01-0${n + 1} 12:00:00`,
      ]),
    )
  }
}

/** Writes every row and returns the ground truth. Deterministic for a given (seed, torrents). */
export const generateRows = async (seed: string, torrents: number, writer: RowWriter): Promise<GroundTruth> => {
  const catalog = buildCatalog(seed, torrents)
  const random = new Random(`${seed}/rows`)
  const truth = new TruthRecorder(catalog)
  const salt = BigInt(new Random(`${seed}/salt`).uint32()) << 20n
  const pickSeries = zipf(catalog.series.length, 0.75)
  const pickAnime = zipf(catalog.anime.length, 0.8)
  const pickMovie = zipf(catalog.movies.length, 0.6)
  const counts = { torrents: 0, files: 0, pack_files: 0, movie: 0, series: 0, anime: 0, unknown: 0 }
  let fileId = 0
  let packFileId = 0
  let packCreated = ''
  const context: ReleaseContext = {
    random,
    truth,
    addFile: (row) => {
      writer.line('files', copyLine(fileValues((fileId = nextId(random, fileId)), row, random)))
      counts.files++
    },
    addPackFile: (row) => {
      writer.line('pack_files', copyLine(packFileValues((packFileId = nextId(random, packFileId)), row, random, packCreated)))
      counts.pack_files++
    },
  }
  const sampleHashes: string[] = []
  for (let index = 0; index < torrents; index++) {
    const hash = infoHash(random, index, salt)
    if (sampleHashes.length < 8) sampleHashes.push(hash)
    packCreated = timestampText(Date.UTC(2020, 0, 1) * 1000 + random.int(5 * 365 * 86400) * 1000000)
    const type = kind(random)
    const facts =
      type === 'movie'
        ? movieRelease(context, catalog, catalog.movies[pickMovie(random)], hash)
        : type === 'series'
          ? showRelease(context, catalog.series[pickSeries(random)], hash)
          : type === 'anime'
            ? showRelease(context, catalog.anime[pickAnime(random)], hash)
            : unknownRelease(random, catalog.movies[random.int(catalog.movies.length)])
    writer.line('torrents', copyLine(torrentValues(random, hash, facts)))
    counts.torrents++
    counts[type]++
    if (index % 512 === 511) await writer.drain(index + 1)
  }
  smallTables(writer, sampleHashes)
  await writer.drain(torrents)
  return truth.result(seed, torrents, counts)
}
