import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { openSnapshot } from '../../../../runtime/db/database.ts'
import { ArchiveError, ImportError, importSnapshot, type ImportProgress } from '../../../../runtime/importer/import.ts'
import { ftsRowCount } from '../../../../runtime/importer/validate.ts'
import { IdCrosswalk, writeCrosswalk, type CrosswalkRow } from '../../../../runtime/importer/id-crosswalk.ts'
import { FILES_TABLES_DDL } from '../../../../runtime/db/schema.ts'
import { buildArchive } from '../../../fixtures/snapshots/archive-builder.ts'
import { RANK_ORDER_SQL } from '../../../helpers/rank-tables.ts'
import { ITALIAN_PREFERRED } from '../../../../runtime/search/rank.ts'
import { rankOrder, rankPositions } from '../../../../runtime/search/rank-positions.ts'
import {
  FIXTURES,
  fixtureBytes,
  fixturePath,
  manifest,
  patchBytes,
  streamOf,
  tempDirectory,
  writeArchive,
} from '../../../fixtures/snapshots/snapshot-fixtures.ts'

const work = tempDirectory('importer-test-')
afterAll(() => work.remove())
let serial = 0
const freshDirectory = (): string => join(work.path, `snapshot-${++serial}`)

const EXPECTED_COUNTS = { torrents: 410, files: 1206, pack_files: 80 }

interface TorrentRow {
  id: number
  info_hash: string
  title: string
  provider: string
  provider_fold: string | null
  title_fold: string | null
  size: number | null
  seeders: number | null
  imdb: number | null
  uploaded: number
}

const torrent = (db: Database, hash: string): TorrentRow => db.query('SELECT * FROM torrents WHERE info_hash = ?').get(hash) as TorrentRow

describe('importSnapshot imports every fixture archive', () => {
  for (const file of FIXTURES) {
    test(`${file}: counts, meta and version match the manifest`, async () => {
      const info = manifest.archives.find((archive) => archive.file === file)
      const directory = freshDirectory()
      const result = await importSnapshot({ source: fixturePath(file), directory, tag: 'db-2026-11-22' })
      expect(result.directory).toBe(directory)
      expect(result.counts).toEqual(EXPECTED_COUNTS)
      expect(result.archiveVersion).toBe(info?.archive_version as string)
      expect(result.dumpVersion).toBe(info?.pg_dump_version as string)
      expect(result.seconds).toBeGreaterThan(0)
      expect(readdirSync(directory).sort()).toEqual(['files.db', 'torrents.db'])
      const snapshot = openSnapshot(directory, 'db-2026-11-22')
      try {
        const meta: Record<string, string> = Object.fromEntries(
          snapshot.db.query('SELECT key, value FROM snapshot_meta').values() as [string, string][],
        )
        expect({ ...meta, imported_at: 'x' } as Record<string, string>).toEqual({
          tag: 'db-2026-11-22',
          archive_version: info?.archive_version as string,
          pg_dump_version: info?.pg_dump_version as string,
          imported_at: 'x',
          rows_torrents: '410',
          rows_files: '1206',
          rows_pack_files: '80',
        })
        expect(Number.isNaN(Date.parse(meta.imported_at))).toBe(false)
        const counts = snapshot.db
          .query(
            'SELECT (SELECT count(*) FROM torrents) AS torrents, (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM pack_files) AS pack_files',
          )
          .get()
        expect(counts).toEqual(EXPECTED_COUNTS)
        const hits = snapshot.db.query("SELECT count(*) AS n FROM torrents_fts WHERE torrents_fts MATCH 'breaking bad'").get() as {
          n: number
        }
        expect(hits.n).toBe(9)
      } finally {
        snapshot.db.close()
      }
    })
  }
})

describe('importSnapshot stores known rows exactly', async () => {
  const directory = freshDirectory()
  await importSnapshot({ source: fixturePath('icvdb-sample-1.16-gzip.dump'), directory, tag: 'known' })
  const db = new Database(join(directory, 'torrents.db'), { readonly: true })
  const files = new Database(join(directory, 'files.db'), { readonly: true })
  afterAll(() => {
    db.close()
    files.close()
  })

  test('torrent_rank numbers the torrents in the default result order; files.db keeps no import-only table', () => {
    const expected = (db.query(RANK_ORDER_SQL).values() as [number, string][]).map(([id]) => id)
    expect(expected.length).toBe(EXPECTED_COUNTS.torrents)
    expect((db.query('SELECT id FROM torrent_rank ORDER BY rank').values() as [number][]).map(([id]) => id)).toEqual(expected)
    expect(db.query('SELECT min(rank) AS low, max(rank) AS high FROM torrent_rank').get()).toEqual({ low: 1, high: expected.length })
    const italian = (
      db
        .query(`SELECT id FROM torrents t ORDER BY (${ITALIAN_PREFERRED.sql}) DESC, seeders DESC, uploaded DESC, info_hash, id`)
        .values() as [number][]
    ).map(([id]) => id)
    expect((files.query('SELECT id FROM torrent_rank_italian ORDER BY rank').values() as [number][]).map(([id]) => id)).toEqual(italian)
    const tables = (
      files.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'torrents_fts%' ORDER BY name").values() as [
        string,
      ][]
    ).map(([name]) => name)
    expect(tables).toEqual(['file_seasons', 'files', 'id_links', 'linked_torrents', 'pack_seasons', 'torrent_rank_italian'])
  })

  // The crosswalk is learned by the torrents.db pipeline and written by the files.db one: what arrives
  // there must be what the torrents rows give, row for row.
  test('id_links and linked_torrents in files.db are the crosswalk of the torrents in torrents.db', () => {
    const crosswalk = new IdCrosswalk()
    for (const row of db.query('SELECT id, type, title, imdb, tmdb, season, episode FROM torrents ORDER BY id').all() as Array<
      CrosswalkRow & { id: number }
    >)
      crosswalk.add({ ...row, torrent: row.id })
    const expected = new Database(':memory:')
    for (const ddl of FILES_TABLES_DDL) expected.run(ddl)
    const counts = writeCrosswalk(expected, crosswalk.rows())
    expect(counts.pairs).toBeGreaterThan(0)
    expect(counts.linked).toBeGreaterThan(0)
    for (const table of ['id_links', 'linked_torrents']) {
      const rows = (handle: Database) =>
        handle
          .query(`SELECT * FROM ${table}`)
          .values()
          .sort((a, b) => String(a).localeCompare(String(b)))
      expect(rows(files)).toEqual(rows(expected))
    }
    expected.close()
  })

  test('rank_positions holds each ranking the other way: id → rank', () => {
    for (const [ranking, table, handle] of [
      ['torrent_rank', 'torrent_rank', db],
      ['torrent_rank_italian', 'torrent_rank_italian', files],
    ] as const) {
      const positions = rankPositions(db, ranking)
      const ranks = handle.query(`SELECT rank, id FROM ${table}`).values() as Array<[number, number]>
      expect(positions.length).toBe(EXPECTED_COUNTS.torrents + 1)
      expect(ranks.every(([rank, id]) => positions[id] === rank)).toBe(true)
      const order = rankOrder(db, ranking)
      expect(ranks.every(([rank, id]) => order[rank] === id)).toBe(true)
    }
  })

  test("file_seasons holds each torrent, show and season of the files, repeated only where the archive splits a torrent's files", () => {
    const distinct =
      'SELECT DISTINCT torrent, imdb, season FROM files WHERE torrent IS NOT NULL AND imdb IS NOT NULL AND season IS NOT NULL ORDER BY 1, 2, 3'
    const expected = files.query(distinct).values()
    expect(expected.length).toBeGreaterThan(0)
    expect(files.query('SELECT DISTINCT torrent, imdb, season FROM file_seasons ORDER BY 1, 2, 3').values()).toEqual(expected)
    // Runs of files rows with one torrent, show and season: each gives exactly one row.
    const runs = files
      .query(
        "SELECT count(*) AS n FROM (SELECT torrent, imdb, season, lag(torrent || '/' || imdb || '/' || season) OVER (ORDER BY rowid) AS previous FROM files) WHERE torrent IS NOT NULL AND imdb IS NOT NULL AND season IS NOT NULL AND previous IS NOT (torrent || '/' || imdb || '/' || season)",
      )
      .get()
    expect(files.query('SELECT count(*) AS n FROM file_seasons').get()).toEqual(runs)
  })

  test("pack_seasons holds the seasons of files rows without an id of their own, under their torrent's id", () => {
    const shows = new Map(db.query('SELECT id, imdb FROM torrents WHERE imdb IS NOT NULL').values() as Array<[number, number]>)
    const unlabelled = files
      .query('SELECT DISTINCT torrent, season FROM files WHERE torrent IS NOT NULL AND imdb IS NULL AND season IS NOT NULL')
      .values() as Array<[number, number]>
    const expected = unlabelled
      .filter(([torrent]) => shows.has(torrent))
      .map(([torrent, season]) => [torrent, shows.get(torrent) as number, season])
      .sort((a, b) => String(a).localeCompare(String(b)))
    expect(expected.length).toBeGreaterThan(0)
    const stored = files.query('SELECT DISTINCT torrent, imdb, season FROM pack_seasons').values()
    expect(stored.sort((a, b) => String(a).localeCompare(String(b)))).toEqual(expected)
  })

  test('the title index was filled with a 64 MB hash (one segment for a million titles)', () => {
    expect(files.query("SELECT v FROM torrents_fts_config WHERE k = 'hashsize'").get()).toEqual({ v: 64 * 1024 * 1024 })
  })

  test('torrents_fts in files.db indexes every title under its torrent rank', () => {
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'torrents_fts'").all()).toEqual([])
    const indexed = ftsRowCount(files, 'torrents_fts')
    expect(indexed).toBe(EXPECTED_COUNTS.torrents)
    const id = torrent(db, '46447d6f4b260e5fa1a367927f206cce53bd7fd8').id
    const ranks = (files.query("SELECT rowid FROM torrents_fts WHERE torrents_fts MATCH 'grande bellezza'").values() as [number][]).map(
      ([rank]) => rank,
    )
    const ids = ranks.map((rank) => (db.query('SELECT id FROM torrent_rank WHERE rank = ?').get(rank) as { id: number }).id)
    const expected = (
      db.query("SELECT id FROM torrents WHERE coalesce(title_fold, lower(title)) LIKE '%grande%bellezza%' ORDER BY id").values() as [
        number,
      ][]
    ).map(([rowid]) => rowid)
    expect(ids).toContain(id)
    expect(ids.sort((a, b) => a - b)).toEqual(expected)
  })

  test('an upper-case info_hash is lower-cased', () => {
    expect(torrent(db, '46447d6f4b260e5fa1a367927f206cce53bd7fd8').title).toBe('La.Grande.Bellezza.2013.ITA.1080p.BluRay.x264')
    expect((db.query('SELECT count(*) AS n FROM torrents WHERE info_hash <> lower(info_hash)').get() as { n: number }).n).toBe(0)
  })

  test('imdb ids become numbers, tt111161 and tt0111161 alike', () => {
    const hashes = (db.query('SELECT info_hash FROM torrents WHERE imdb = 111161 ORDER BY info_hash').values() as [string][]).map(
      ([hash]) => hash,
    )
    expect(hashes).toEqual([
      '00ea58585a79a9c89d3065c52d0b2707a4a0d01a',
      '6037ae80a867dd8f9a40db193b67ca68d9870864',
      'ffd9812ebe11e513af3091c9bc6cdc975d57ab4d',
    ])
    expect((db.query('SELECT count(*) AS n FROM torrents WHERE imdb IS NULL').get() as { n: number }).n).toBe(
      manifest.data.torrents_stats.imdb_null,
    )
    expect((db.query("SELECT count(*) AS n FROM torrents WHERE typeof(imdb) NOT IN ('integer', 'null')").get() as { n: number }).n).toBe(0)
  })

  test('titles with tab, newline, U+0001 and U+000B are kept byte for byte', () => {
    expect(torrent(db, '274f825ec9dfde347f3633212b0a375a404b664b').title).toBe('Il Divo\t(2008) ITA 720p BDRip')
    expect(torrent(db, '3da83361aa989ed672cf6d4f4058f027170a715c').title).toBe(
      'Nuovo Cinema Paradiso (1988)\nVersione Integrale ITA DVDRip',
    )
    expect(torrent(db, 'cd4a8e64888e52427900bb5008057b37a49df031').title).toBe('Perfetti.Sconosciuti.2016.ITA\u0001.720p.BluRay.x264')
    expect(torrent(db, '9b9c09e976706e8ce561a7962cb3a95d060fcab8').title).toBe('Il.Sorpasso.1962.ITA\u000b.DVDRip')
    expect(torrent(db, 'd77e60aebd82df3dbb06db45bb18851fe1514c54').title).toBe('Inside Out 2 (2024) 🎬 ITA ENG 2160p HDR DV')
  })

  test('NULL size and seeders stay NULL; 32767 seeders and sizes above 2^31 are exact integers', () => {
    const stats = db
      .query(
        'SELECT sum(size IS NULL) AS size_null, sum(seeders IS NULL) AS seeders_null, sum(seeders = 0) AS seeders_zero, max(seeders) AS seeders_max, sum(size > 2147483648) AS big, max(size) AS size_max FROM torrents',
      )
      .get()
    const expected = manifest.data.torrents_stats
    expect(stats).toEqual({
      size_null: expected.size_null,
      seeders_null: expected.seeders_null,
      seeders_zero: expected.seeders_zero,
      seeders_max: 32767,
      big: expected.size_over_2_31,
      size_max: expected.size_max,
    })
    expect((db.query("SELECT count(*) AS n FROM torrents WHERE typeof(size) NOT IN ('integer', 'null')").get() as { n: number }).n).toBe(0)
  })

  test('upload_date with microseconds lands in its own second (UTC)', () => {
    const range = db.query('SELECT min(uploaded) AS first, max(uploaded) AS last FROM torrents').get()
    // 2009-01-27 05:00:11.968227 and 2025-10-30 23:59:59.999999
    expect(range).toEqual({ first: 1233032411, last: 1761868799 })
  })

  test('provider and title are case-folded (stored only when not ASCII), rows are numbered in archive order', () => {
    const row = torrent(db, '274f825ec9dfde347f3633212b0a375a404b664b')
    expect(row.title_fold).toBeNull()
    const read = 'SELECT coalesce(title_fold, lower(title)) AS v FROM torrents WHERE info_hash = ?'
    expect(db.query(read).get('274f825ec9dfde347f3633212b0a375a404b664b')).toEqual({ v: 'il divo\t(2008) ita 720p bdrip' })
    expect(
      (
        db
          .query("SELECT DISTINCT coalesce(provider_fold, lower(provider)) AS v FROM torrents WHERE provider = 'Knaben (ThePirateBay)'")
          .get() as { v: string }
      ).v,
    ).toBe('knaben (thepiratebay)')
    const accented = db.query("SELECT title, title_fold FROM torrents WHERE title_fold IS NOT NULL AND title LIKE '%à%' LIMIT 1").get() as {
      title: string
      title_fold: string
    }
    expect(accented.title_fold).toBe(accented.title.toUpperCase().toLowerCase())
    expect(db.query('SELECT min(id) AS first, max(id) AS last, count(DISTINCT id) AS distinct_ids FROM torrents').get()).toEqual({
      first: 1,
      last: 410,
      distinct_ids: 410,
    })
  })

  test('files and pack_files keep NULLs, backslashes and numeric imdb ids', () => {
    expect(files.query('SELECT sum(file_index IS NULL) AS index_null, sum(imdb IS NULL) AS imdb_null FROM files').get()).toEqual({
      index_null: manifest.data.files_stats.file_index_null,
      imdb_null: manifest.data.files_stats.imdb_null,
    })
    expect(files.query("SELECT title, season, episode, imdb FROM files WHERE title LIKE 'Season 5\\%' ESCAPE '!'").get()).toEqual({
      title: 'Season 5\\Breaking.Bad.S05E16.Felina.1080p.MULTI.mkv',
      season: 5,
      episode: 16,
      imdb: 903747,
    })
    expect(
      db.query('SELECT count(*) AS n, sum(imdb IS NULL) AS imdb_null, count(DISTINCT imdb) AS distinct_imdb FROM pack_files').get(),
    ).toEqual({
      n: 80,
      imdb_null: manifest.data.pack_files_stats.imdb_null,
      distinct_imdb: manifest.data.pack_files_stats.distinct_imdb,
    })
    expect((db.query("SELECT file_path FROM pack_files WHERE file_path LIKE '%Extras%'").get() as { file_path: string }).file_path).toBe(
      'Il Signore degli Anelli Trilogia\\Extras\\Trailer.mkv',
    )
  })
})

describe('importSnapshot maps upstream columns by name', () => {
  test('an archive whose tables have reordered and extra columns imports the same values', async () => {
    const torrents = [
      'contributor',
      'upload_date',
      'title',
      'imdb_episode',
      'imdb_season',
      'tmdb_id',
      'imdb_id',
      'seeders',
      'type',
      'size',
      'provider',
      'info_hash',
      'future_column',
    ]
    const files = ['title', 'imdb_episode', 'imdb_season', 'imdb_id', 'size', 'file_index', 'info_hash', 'id']
    const packFiles = ['file_size', 'file_path', 'file_index', 'imdb_id', 'pack_hash', 'id']
    const bytes = buildArchive({
      tables: [
        { name: 'files', columns: files, payload: 'Show.S01E02.mkv\t2\t1\ttt0903747\t1000\t\\N\tABCDEF\t7\n\\.\n\n\n' },
        { name: 'pack_files', columns: packFiles, payload: '5000000000\tTrilogia\\\\Film.mkv\t0\ttt0120737\tFEDCBA\t1\n\\.\n\n\n' },
        {
          name: 'torrents',
          columns: torrents,
          payload:
            '\\N\t2020-02-29 23:59:59.5\tShow S01E02 ITA 1080p\t2\t1\t1396\ttt0903747\t\\N\tseries\t3000000000\tTNTVillage\tABCDEF\tnew\n\\.\n\n\n',
        },
      ],
    })
    const directory = freshDirectory()
    const result = await importSnapshot({ source: streamOf(bytes, 64), directory, tag: 'columns' })
    expect(result.counts).toEqual({ torrents: 1, files: 1, pack_files: 1 })
    const snapshot = openSnapshot(directory, 'columns')
    try {
      expect(
        snapshot.db
          .query('SELECT id, info_hash, title, provider, size, type, uploaded, seeders, imdb, tmdb, season, episode FROM torrents')
          .get(),
      ).toEqual({
        id: 1,
        info_hash: 'abcdef',
        title: 'Show S01E02 ITA 1080p',
        provider: 'TNTVillage',
        size: 3000000000,
        type: 'series',
        uploaded: 1583020799,
        seeders: null,
        imdb: 903747,
        tmdb: 1396,
        season: 1,
        episode: 2,
      })
      expect(snapshot.db.query('SELECT * FROM files').get()).toEqual({
        torrent: 1,
        file_index: null,
        title: 'Show.S01E02.mkv',
        size: 1000,
        imdb: 903747,
        season: 1,
        episode: 2,
      })
      expect(snapshot.db.query('SELECT * FROM pack_files').get()).toEqual({
        pack_hash: 'fedcba',
        imdb: 120737,
        file_index: 0,
        file_path: 'Trilogia\\Film.mkv',
        file_size: 5000000000,
      })
    } finally {
      snapshot.db.close()
    }
  })
})

describe('importSnapshot from a stream (pipe)', () => {
  test('builds the same snapshot as the file import (the stream is kept as a file meanwhile)', async () => {
    const fromFile = freshDirectory()
    const fromPipe = freshDirectory()
    await importSnapshot({ source: fixturePath('icvdb-sample-1.14-pipe.dump'), directory: fromFile, tag: 'file' })
    const result = await importSnapshot({
      source: streamOf(fixtureBytes('icvdb-sample-1.14-pipe.dump'), 8192),
      directory: fromPipe,
      tag: 'pipe',
    })
    expect(result.counts).toEqual(EXPECTED_COUNTS)
    const digest = (directory: string) => {
      const snapshot = openSnapshot(directory, 'x')
      try {
        return [
          snapshot.db
            .query(
              "SELECT group_concat(info_hash || title || ifnull(size, '-') || uploaded, '|') AS v FROM (SELECT * FROM torrents ORDER BY id)",
            )
            .get(),
          snapshot.db
            .query("SELECT group_concat(torrent || title || ifnull(imdb, '-'), '|') AS v FROM (SELECT * FROM files ORDER BY rowid)")
            .get(),
          snapshot.db.query("SELECT group_concat(pack_hash || file_path, '|') AS v FROM (SELECT * FROM pack_files ORDER BY rowid)").get(),
          snapshot.db
            .query(
              "SELECT group_concat(rowid, ',') AS v FROM (SELECT rowid FROM torrents_fts WHERE torrents_fts MATCH 'ita' ORDER BY rowid)",
            )
            .get(),
        ]
      } finally {
        snapshot.db.close()
      }
    }
    expect(digest(fromPipe)).toEqual(digest(fromFile))
    expect(readdirSync(fromPipe).sort()).toEqual(['files.db', 'torrents.db'])
  })
})

describe('importSnapshot progress', () => {
  test('reports phases in order with honest byte counts', async () => {
    const reports: ImportProgress[] = []
    const path = fixturePath('icvdb-sample-1.14-none.dump')
    await importSnapshot({
      source: path,
      directory: freshDirectory(),
      tag: 'p',
      onProgress: (progress) => void reports.push({ ...progress }),
    })
    const phases = reports.map((report) => report.phase).filter((phase, index, all) => all[index - 1] !== phase)
    expect(phases).toEqual(['importing', 'indexing', 'validating'])
    const size = Bun.file(path).size
    expect(reports.every((report) => report.bytes_total === size && report.bytes_done <= size)).toBe(true)
    const last = reports[reports.length - 1]
    expect(last).toEqual({ phase: 'validating', bytes_done: size, bytes_total: size, rows_done: 1696, rows_total: 1696 })
  })

  test('uses sourceSize as the total for a stream', async () => {
    const bytes = fixtureBytes('icvdb-sample-1.14-gzip.dump')
    const reports: ImportProgress[] = []
    await importSnapshot({
      source: streamOf(bytes, 4096),
      sourceSize: bytes.length,
      directory: freshDirectory(),
      tag: 's',
      onProgress: (progress) => void reports.push(progress),
    })
    expect(reports.length).toBeGreaterThan(0)
    expect(reports.every((report) => report.bytes_total === bytes.length)).toBe(true)
  })
})

describe('importSnapshot failures leave nothing behind', () => {
  const expectNoDirectory = (directory: string) => expect(existsSync(directory)).toBe(false)

  test('an abort through the signal removes the directory', async () => {
    const directory = freshDirectory()
    const controller = new AbortController()
    const run = importSnapshot({
      source: fixturePath('icvdb-sample-1.14-none.dump'),
      directory,
      tag: 'a',
      signal: controller.signal,
      onProgress: () => controller.abort(),
    })
    await expect(run).rejects.toThrow(new ImportError('import was cancelled'))
    expectNoDirectory(directory)
  })

  test('an already aborted signal creates nothing', async () => {
    const directory = freshDirectory()
    await expect(
      importSnapshot({ source: fixturePath('icvdb-sample-1.14-gzip.dump'), directory, tag: 'a', signal: AbortSignal.abort() }),
    ).rejects.toThrow('import was cancelled')
    expectNoDirectory(directory)
  })

  test('a corrupt torrents block (read by this thread) fails with an ArchiveError and removes the directory', async () => {
    const bytes = fixtureBytes('icvdb-sample-1.14-gzip.dump')
    const path = writeArchive(work.path, 'cut.dump', bytes.slice(0, bytes.length - 3))
    const directory = freshDirectory()
    await expect(importSnapshot({ source: path, directory, tag: 'x' })).rejects.toThrow(
      new ArchiveError('archive is truncated in the data block of torrents'),
    )
    expectNoDirectory(directory)
  })

  test('a corrupt files block (read by the Worker) fails with an ArchiveError and removes the directory', async () => {
    const bytes = fixtureBytes('icvdb-sample-1.14-pipe.dump')
    // The files block is the first one; break its zlib stream a few hundred bytes in.
    const archive = await import('../../../../runtime/pgarchive/reader.ts').then((module) =>
      module.openArchive(fixturePath('icvdb-sample-1.14-gzip.dump')),
    )
    const filesAt = archive.findTable('public', 'files')?.entry.dataPosition as number
    archive.close()
    const path = writeArchive(
      work.path,
      'bad-files.dump',
      patchBytes(bytes, [
        [filesAt + 400, bytes[filesAt + 400] ^ 0xff],
        [filesAt + 401, bytes[filesAt + 401] ^ 0xff],
      ]),
    )
    const directory = freshDirectory()
    const error = await importSnapshot({ source: path, directory, tag: 'x' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ArchiveError)
    expect((error as Error).message).toMatch(/^corrupt gzip data in the block of files \(.+\)$/)
    expectNoDirectory(directory)
  })

  test('an archive without one of the three tables is refused by name', async () => {
    const columns = ['id', 'info_hash', 'file_index', 'title', 'size', 'imdb_id', 'imdb_season', 'imdb_episode']
    const bytes = buildArchive({ tables: [{ name: 'files', columns, payload: '\\.\n\n\n' }] })
    const directory = freshDirectory()
    await expect(importSnapshot({ source: streamOf(bytes, 100), directory, tag: 'x' })).rejects.toThrow(
      new ImportError('archive has no data for table public.torrents'),
    )
    expectNoDirectory(directory)
  })

  test('a table without a needed column is refused by name', async () => {
    const bytes = buildArchive({ tables: [{ name: 'torrents', columns: ['info_hash', 'title'], payload: '\\.\n\n\n' }] })
    const directory = freshDirectory()
    await expect(importSnapshot({ source: streamOf(bytes, 100), directory, tag: 'x' })).rejects.toThrow(
      new ImportError('table torrents in the archive has no column provider'),
    )
    expectNoDirectory(directory)
  })

  test('an existing directory is refused and left alone', async () => {
    const directory = freshDirectory()
    await importSnapshot({ source: fixturePath('icvdb-sample-1.14-gzip.dump'), directory, tag: 'first' })
    await expect(importSnapshot({ source: fixturePath('icvdb-sample-1.14-gzip.dump'), directory, tag: 'second' })).rejects.toThrow(
      new ImportError(`import directory ${directory} already exists`),
    )
    expect(readdirSync(directory).sort()).toEqual(['files.db', 'torrents.db'])
  })
})
