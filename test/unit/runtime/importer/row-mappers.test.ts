import { describe, expect, test } from 'bun:test'
import { TORRENT_COLUMNS } from '../../../../runtime/db/schema.ts'
import { ImportError } from '../../../../runtime/importer/import-error.ts'
import type { SqlValue } from '../../../../runtime/importer/batch-insert.ts'
import { derivedMappers, rowMappers, type LoadContext } from '../../../../runtime/importer/row-mappers.ts'
import { TorrentIds } from '../../../../runtime/importer/torrent-ids.ts'

const UPSTREAM_TORRENT_COLUMNS = [
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
]

/** Maps one row given as { column: text } through a mapping built for an archive with `columns`. */
const mapRow = (
  table: keyof typeof rowMappers | 'torrent_titles',
  columns: string[],
  values: Record<string, string | null>,
  rowNumber = 1,
  context?: LoadContext,
) => {
  const mapping = table === 'torrent_titles' ? derivedMappers.torrent_titles(columns, context) : rowMappers[table](columns, context)
  const out: SqlValue[] = new Array(mapping.columns.length + 3).fill('untouched')
  // The reader delivers the mapping's source columns, in its order (TableRequest.pick).
  mapping.map(
    mapping.sourceColumns.map((column) => values[column] ?? null),
    out,
    3,
    rowNumber,
  )
  return Object.fromEntries(mapping.columns.map((column, index) => [column, out[3 + index]]))
}

const shawshank = {
  info_hash: '6037AE80A867DD8F9A40DB193B67CA68D9870864',
  provider: 'TNTVillage',
  title: 'Le ali della libertà (1994) [BDRip 720p ITA AC3 ENG]',
  size: '4724464026',
  type: 'movie',
  upload_date: '2011-06-01 10:20:30.123456',
  seeders: null,
  imdb_id: 'tt111161',
  tmdb_id: '278',
  imdb_season: null,
  imdb_episode: null,
}

describe('rowMappers.torrents', () => {
  test('reads a fixed list of columns by name, whatever the archive adds around them', () => {
    expect(rowMappers.torrents(['extra', ...UPSTREAM_TORRENT_COLUMNS]).sourceColumns).toEqual(UPSTREAM_TORRENT_COLUMNS)
  })

  test('finds columns by name, whatever their order and whatever columns upstream adds', () => {
    const reordered = ['contributor', ...[...UPSTREAM_TORRENT_COLUMNS].reverse(), 'brand_new_column']
    const row = mapRow('torrents', reordered, { ...shawshank, contributor: 'someone', brand_new_column: 'x' }, 7)
    expect(Object.keys(row)).toEqual([...TORRENT_COLUMNS])
    expect(row).toMatchObject({
      id: 7,
      info_hash: '6037ae80a867dd8f9a40db193b67ca68d9870864',
      title: 'Le ali della libertà (1994) [BDRip 720p ITA AC3 ENG]',
      provider: 'TNTVillage',
      size: 4724464026,
      type: 'movie',
      uploaded: 1306923630,
      seeders: null,
      imdb: 111161,
      tmdb: 278,
      season: null,
      episode: null,
      provider_fold: null,
    })
    expect(row.title_fold).toBe('le ali della libertà (1994) [bdrip 720p ita ac3 eng]')
  })

  test('stores the derived columns of deriveTorrent(title)', () => {
    const row = mapRow('torrents', UPSTREAM_TORRENT_COLUMNS, {
      ...shawshank,
      title: 'Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP',
    })
    expect(row).toMatchObject({ season_first: 2, season_last: 2, episode_first: 5, episode_last: 5, resolution: 2, audio_ita: 1 })
  })

  test('a missing upstream column is refused by name', () => {
    expect(() => rowMappers.torrents(UPSTREAM_TORRENT_COLUMNS.filter((column) => column !== 'upload_date'))).toThrow(
      new ImportError('table torrents in the archive has no column upload_date'),
    )
  })

  test('NULL in a required column and an unreadable upload_date are refused with the row number', () => {
    expect(() => mapRow('torrents', UPSTREAM_TORRENT_COLUMNS, { ...shawshank, title: null }, 12)).toThrow(
      new ImportError('table torrents row 12 has no title'),
    )
    expect(() => mapRow('torrents', UPSTREAM_TORRENT_COLUMNS, { ...shawshank, upload_date: 'infinity' }, 3)).toThrow(
      new ImportError('table torrents row 3 has an unreadable upload_date "infinity"'),
    )
  })
})

describe('rowMappers.files and rowMappers.pack_files', () => {
  test('files: the torrent id of the hash the titles load saw (either case), numeric imdb, NULL file_index kept', () => {
    const context: LoadContext = { torrentIds: new TorrentIds() }
    mapRow(
      'torrent_titles',
      ['title', 'info_hash', 'type', 'imdb_id', 'tmdb_id', 'imdb_season', 'imdb_episode'],
      { info_hash: 'abc', title: 'Breaking Bad S05', type: 'series', imdb_id: null, tmdb_id: null, imdb_season: null, imdb_episode: null },
      12,
      context,
    )
    const columns = [
      'id',
      'info_hash',
      'file_index',
      'title',
      'size',
      'imdb_id',
      'imdb_season',
      'imdb_episode',
      'rd_link_index',
      'to_check_id',
    ]
    const file = {
      id: '391',
      info_hash: 'ABC',
      file_index: null,
      title: 'Season 5\\Felina.mkv',
      size: '3121475459',
      imdb_id: 'tt0903747',
      imdb_season: '5',
      imdb_episode: '16',
    }
    expect(mapRow('files', columns, file, 1, context)).toEqual({
      torrent: 12,
      file_index: null,
      title: 'Season 5\\Felina.mkv',
      size: 3121475459,
      imdb: 903747,
      season: 5,
      episode: 16,
    })
    expect(mapRow('files', columns, { ...file, info_hash: 'abd' }, 2, context).torrent).toBeNull()
  })

  test('pack_files: an id that is not an IMDb id becomes NULL', () => {
    const columns = ['id', 'pack_hash', 'imdb_id', 'file_index', 'file_path', 'file_size', 'created_at', 'rd_link_index']
    const row = mapRow('pack_files', columns, {
      pack_hash: '98ECE0',
      imdb_id: 'unknown',
      file_index: '3',
      file_path: 'Trilogia\\Extras\\Trailer.mkv',
      file_size: '104857600',
    })
    expect(row).toEqual({
      pack_hash: '98ece0',
      imdb: null,
      file_index: 3,
      file_path: 'Trilogia\\Extras\\Trailer.mkv',
      file_size: 104857600,
    })
  })
})
