/**
 * The id crosswalk end to end: a custom-format archive whose rows miss ids on purpose, imported by the
 * real importer, searched over real HTTP by IMDb and TMDB id as Sonarr and Radarr ask.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openSnapshot } from '../../runtime/db/database.ts'
import { EVIDENCE_COLUMNS } from '../../runtime/db/schema.ts'
import { importSnapshot } from '../../runtime/importer/import.ts'
import type { ResultProcessing } from '../../runtime/settings/schema.ts'
import { checkResults } from '../conformance/torznab-checker.ts'
import { attribute, children, parseXml, text } from '../conformance/xml-document.ts'
import { buildArchive } from '../fixtures/snapshots/archive-builder.ts'
import { tempDirectory } from '../fixtures/snapshots/snapshot-fixtures.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

interface Row {
  title: string
  type?: string
  imdb?: string
  tmdb?: number
  season?: number
  episode?: number
  seeders?: number
}

// Film "Dark Harbor" (2014) is tt1000001 / TMDB 501; show "Il Commissario Nero" is tt2000002 / TMDB 902.
const ROWS: Record<string, Row> = {
  film_both: { title: 'Dark.Harbor.2014.1080p.BluRay.x264-GRP', imdb: 'tt1000001', tmdb: 501, seeders: 40 },
  film_imdb: { title: 'Dark Harbor (2014) [ITA] [720p]', imdb: 'tt1000001', seeders: 30 },
  film_tmdb: { title: 'Dark.Harbor.2014.ITA.AC3.WEBRip', tmdb: 501, seeders: 20 },
  film_none: { title: 'Dark Harbor 2014 iTALiAN 2160p', seeders: 10 },
  film_none_accents: { title: 'DARK_HARBOR_2014_MULTI', seeders: 9 },
  // The same name, another year: a remake no row with an id names.
  film_remake: { title: 'Dark.Harbor.1987.DVDRip', seeders: 50 },
  // A film without a year is never matched by name.
  film_no_year: { title: 'Dark Harbor - Collezione Completa (3 film)', seeders: 60 },
  // "Twin Lakes" (2011) names two films: its id-less release belongs to neither.
  twin_a: { title: 'Twin.Lakes.2011.1080p', imdb: 'tt3000003', tmdb: 303 },
  twin_b: { title: 'Twin Lakes (2011) ITA', imdb: 'tt3000004', tmdb: 304 },
  twin_none: { title: 'Twin.Lakes.2011.720p.ITA' },
  // tt4000005 is seen with two TMDB ids: no pair, so its TMDB-only rows stay unlinked.
  split_a: { title: 'Split.Road.2019.1080p', imdb: 'tt4000005', tmdb: 405 },
  split_b: { title: 'Split.Road.2019.720p', imdb: 'tt4000005', tmdb: 406 },
  split_tmdb: { title: 'Split Road Extended Cut', tmdb: 405 },
  show_s02e05: {
    title: 'Il.Commissario.Nero.S02E05.ITA.1080p',
    type: 'series',
    imdb: 'tt2000002',
    tmdb: 902,
    season: 2,
    episode: 5,
    seeders: 70,
  },
  show_s02e06: { title: 'Il.Commissario.Nero.S02E06.ITA.1080p', type: 'series', imdb: 'tt2000002', season: 2, episode: 6 },
  show_none_e05: { title: 'Il Commissario Nero S02E05 720p', type: 'series', seeders: 12 },
  show_none_cross: { title: 'Il_Commissario_Nero_2x05_ITA', type: 'series', seeders: 11 },
  show_tmdb_e05: { title: 'Il.Commissario.Nero.S02E05.WEB-DL', type: 'series', tmdb: 902, seeders: 13 },
  show_none_pack: { title: 'Il Commissario Nero - Stagione 2 Completa [ITA]', type: 'series', seeders: 14 },
  show_none_e06: { title: 'Il.Commissario.Nero.S02E06.720p', type: 'series', seeders: 15 },
  show_none_s03: { title: 'Il.Commissario.Nero.S03E05.720p', type: 'series', seeders: 16 },
  other_show_e05: { title: 'Il.Commissario.Bianco.S02E05.ITA', type: 'series', seeders: 17 },
  // A film of the same name as the show is another catalogue: never linked to the show.
  same_name_film: { title: 'Il.Commissario.Nero.2010.1080p', seeders: 18 },
  // An anime by absolute numbers (tt5000005): Sonarr asks for episode 30 as `imdbid=tt5000005&q=30`.
  anime_29: { title: '[SubsPlease] Kaiju Hana - 29 (1080p)', type: 'anime', imdb: 'tt5000005' },
  anime_30: { title: '[SubsPlease] Kaiju Hana - 30 (1080p)', type: 'anime', imdb: 'tt5000005' },
  anime_30_sub: { title: '[Erai-raws] Kaiju Hana - 30 [720p][SUB ITA]', type: 'anime', imdb: 'tt5000005' },
  anime_130: { title: '[SubsPlease] Kaiju Hana - 130 (1080p)', type: 'anime', imdb: 'tt5000005' },
}

const hashOf = (label: string): string => new Bun.CryptoHasher('sha1').update(label).digest('hex')
const labelOf = new Map(Object.keys(ROWS).map((label) => [hashOf(label), label]))

const TORRENT_COLUMNS = [
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
const copy = (rows: Array<Array<string | number | undefined>>): string =>
  `${rows.map((row) => row.map((value) => (value === undefined ? '\\N' : String(value))).join('\t')).join('\n')}${rows.length ? '\n' : ''}\\.\n\n\n`

const archive = (): Uint8Array => {
  const torrents = Object.entries(ROWS).map(([label, row], i) => [
    hashOf(label),
    'ilcorsaronero',
    row.title,
    1_000_000_000,
    row.type ?? 'movie',
    `2024-01-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`,
    row.seeders ?? 1,
    row.imdb,
    row.tmdb,
    row.season,
    row.episode,
  ])
  // The id-less season pack lists its episodes without ids, as upstream does for unmatched packs.
  const files = [4, 5, 6].map((episode) => [
    hashOf('show_none_pack'),
    episode,
    `Il Commissario Nero 2x0${episode}.mkv`,
    1000,
    undefined,
    2,
    episode,
  ])
  return buildArchive({
    tables: [
      { name: 'torrents', columns: TORRENT_COLUMNS, payload: copy(torrents) },
      {
        name: 'files',
        columns: ['info_hash', 'file_index', 'title', 'size', 'imdb_id', 'imdb_season', 'imdb_episode'],
        payload: copy(files),
      },
      {
        name: 'pack_files',
        columns: ['pack_hash', 'imdb_id', 'file_index', 'file_path', 'file_size'],
        payload: copy([[hashOf('film_no_year'), 'tt1000001', 0, 'Dark Harbor (2014).mkv', 1000]]),
      },
    ],
  })
}

const work = tempDirectory('icvdb-crosswalk-')
let server: TestServer
let snapshotDirectory: string

beforeAll(async () => {
  const path = join(work.path, 'crosswalk.dump')
  await Bun.write(path, archive())
  snapshotDirectory = join(work.path, 'snapshot')
  await importSnapshot({ source: path, directory: snapshotDirectory, tag: 'db-crosswalk' })
  server = startTestServer()
  server.ctx.database.swap(openSnapshot(snapshotDirectory, 'db-crosswalk'))
})
afterAll(async () => {
  await server.stop()
  work.remove()
})
afterEach(async () => {
  await process({ preset: 'unfiltered', custom_rules: [] })
})

const process = async (settings: ResultProcessing) =>
  expect((await putJson(server, '/webapi/result-processing', settings)).status).toBe(200)

const search = async (query: string): Promise<{ labels: string[]; total: number }> => {
  const body = await (await server.fetch(`/api?${query}`)).text()
  expect(checkResults(body).filter((violation) => violation.severity === 'error')).toEqual([])
  const channel = children(parseXml(body).rss, 'channel')[0]
  const guids = children(channel, 'item').map((item) => text(children(item, 'guid')[0]))
  return {
    labels: guids.map((guid) => labelOf.get(guid) ?? guid),
    total: Number(attribute((channel as Record<string, unknown>)['torznab:response'], 'total')),
  }
}
const labels = async (query: string): Promise<string[]> => (await search(query)).labels.sort()

describe("Sonarr's anime search: the ids plus the absolute episode as q", () => {
  const ANIME = ['anime_29', 'anime_30', 'anime_30_sub', 'anime_130'].sort()

  test('a bare number narrows the id to the releases holding it; other words beside an id are still ignored', async () => {
    expect(await labels('t=tvsearch&cat=5070&extended=1&imdbid=tt5000005&q=30')).toEqual(['anime_30', 'anime_30_sub'])
    expect(await labels('t=tvsearch&cat=5070&extended=1&imdbid=tt5000005')).toEqual(ANIME)
    expect(await labels('t=tvsearch&cat=5070&extended=1&imdbid=tt5000005&q=Kaiju')).toEqual(ANIME)
    expect(await labels('t=tvsearch&cat=5070&extended=1&imdbid=tt5000005&q=31')).toEqual([])
  })
})

describe('film searches find releases without the asked id', () => {
  const DARK_HARBOR = ['film_both', 'film_imdb', 'film_tmdb', 'film_none', 'film_none_accents', 'film_no_year'].sort()

  test('by IMDb id: only the TMDB id of the pair, or no id but the name and year; never another year or a yearless name', async () => {
    expect(await labels('t=movie&imdbid=tt1000001')).toEqual(DARK_HARBOR)
  })

  test('Explain counts the releases the crosswalk adds: the TMDB-only one and the two with only the name and year', async () => {
    const response = await server.fetch('/webapi/diagnostics/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: 'movie', imdbid: 'tt1000001' }),
    })
    const report = await response.json()
    expect(report.sources.crosswalk).toBe(3)
    expect(report.sources.imdb).toBe(2)
  })

  test('by TMDB id alone (Radarr without an IMDb id): the same releases, packs listing the paired IMDb id included', async () => {
    expect(await labels('t=movie&tmdbid=501')).toEqual(DARK_HARBOR)
  })

  test('a name two films carry is used for neither', async () => {
    expect(await labels('t=movie&imdbid=tt3000003')).toEqual(['twin_a'])
    expect(await labels('t=movie&imdbid=tt3000004')).toEqual(['twin_b'])
  })

  test('a pair some row contradicts is not used', async () => {
    expect(await labels('t=movie&imdbid=tt4000005')).toEqual(['split_a', 'split_b'])
    expect(await labels('t=movie&tmdbid=405')).toEqual(['split_a', 'split_tmdb'])
  })
})

describe('episode searches find releases without the asked id, with the same season/episode rules', () => {
  test('S02E05: the id-less and TMDB-only episodes and the id-less season pack; not S02E06, S03E05, another show or a film', async () => {
    expect(await labels('t=tvsearch&imdbid=tt2000002&season=2&ep=5')).toEqual(
      ['show_s02e05', 'show_none_e05', 'show_none_cross', 'show_tmdb_e05', 'show_none_pack'].sort(),
    )
  })

  test('S02E06 and a season search', async () => {
    expect(await labels('t=tvsearch&imdbid=2000002&season=2&ep=6')).toEqual(['show_s02e06', 'show_none_e06', 'show_none_pack'].sort())
    expect(await labels('t=tvsearch&imdbid=tt2000002&season=3')).toEqual(['show_none_s03'])
  })

  test('the film of the same name is not a release of the show, nor the show one of the film', async () => {
    expect(await labels('t=tvsearch&imdbid=tt2000002')).not.toContain('same_name_film')
    expect(await labels('t=movie&imdbid=tt2000002')).toEqual([])
  })
})

describe('what the import wrote', () => {
  test('each linked row carries the season/episode evidence its torrents row has (the Worker and the main thread agree)', () => {
    const snapshot = openSnapshot(snapshotDirectory, 'db-crosswalk')
    try {
      const columns = EVIDENCE_COLUMNS.map((column) => `t.${column} IS l.${column}`).join(' AND ')
      const rows = snapshot.db
        .query(`SELECT count(*) AS n, sum(${columns}) AS same FROM linked_torrents l JOIN torrents t ON t.id = l.torrent`)
        .get() as { n: number; same: number }
      expect(rows.n).toBe(9)
      expect(rows.same).toBe(rows.n)
    } finally {
      snapshot.db.close()
    }
  })
})

describe('ranking and paging with linked releases', () => {
  const PRESETS: ResultProcessing[] = [
    { preset: 'unfiltered', custom_rules: [] },
    { preset: 'italian_preferred', custom_rules: [] },
    {
      preset: 'custom',
      custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: '1080p', action: 'score', score: 5 }],
    },
  ]

  test.each(PRESETS.map((settings) => [settings.preset, settings] as const))(
    '%s: pages of 2 repeat nothing, skip nothing, follow the full order',
    async (_, settings) => {
      await process(settings)
      for (const query of ['t=movie&imdbid=tt1000001', 't=tvsearch&imdbid=tt2000002&season=2&ep=5']) {
        const whole = await search(query)
        const seen: string[] = []
        for (let offset = 0, full = true; full; offset += 2) {
          const page = await search(`${query}&limit=2&offset=${offset}`)
          seen.push(...page.labels)
          full = page.labels.length === 2
          if (!full) expect(page.total).toBe(seen.length)
        }
        expect(seen).toEqual(whole.labels)
        expect(new Set(seen).size).toBe(seen.length)
        expect(whole.total).toBe(seen.length)
      }
    },
  )

  test('unfiltered order is seeders first, whether a release carries the id or not', async () => {
    expect((await search('t=movie&imdbid=tt1000001')).labels).toEqual([
      'film_no_year',
      'film_both',
      'film_imdb',
      'film_tmdb',
      'film_none',
      'film_none_accents',
    ])
  })
})
