/**
 * Each empty-answer sentence of the explain report, on a snapshot built to produce it: a show with
 * seasons 1–5 (episodes and a pack), a film, and rows that rules and presets remove.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { ResultProcessing } from '../../runtime/settings/schema.ts'
import { buildSnapshot, hashOf, type TorrentRow } from '../helpers/snapshot-rows.ts'
import { putJson, startTestServer, tempDataDir, type TestServer } from '../helpers/server.ts'

// Seasons 1–4 as episodes, season 5 as a pack named by its title.
const SHOW = 'tt0903747'
const episode = (season: number, number: number): TorrentRow => ({
  info_hash: hashOf(`bb-${season}-${number}`),
  title: `Breaking Bad S0${season}E0${number} ENG 720p WEB`,
  type: 'series',
  imdb: SHOW,
  season,
  episode: number,
  seeders: 5,
})
const ROWS: TorrentRow[] = [
  ...[1, 2, 3, 4].flatMap((season) => [episode(season, 1), episode(season, 2)]),
  { info_hash: hashOf('bb-pack-5'), title: 'Breaking Bad - Stagione 5 (2012) [Completa] ENG 720p', type: 'series', imdb: SHOW, seeders: 9 },
  { info_hash: hashOf('film'), title: 'Inception 2010 ENG 1080p BluRay', type: 'movie', imdb: 'tt1375666', seeders: 30 },
]

let server: TestServer
let directory: string
let bare: TestServer

beforeAll(() => {
  directory = tempDataDir('icvdb-empty-')
  server = startTestServer()
  server.ctx.database.swap(buildSnapshot(join(directory, 'snapshot'), { torrents: ROWS }))
  bare = startTestServer()
})
afterAll(async () => {
  await server.stop()
  await bare.stop()
  rmSync(directory, { recursive: true, force: true })
})

const explain = async (body: Record<string, unknown>, target = server) => {
  const response = await target.fetch('/webapi/diagnostics/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  const report = await response.json()
  expect(report.counts.returned).toBe(0)
  return report.empty_reason as string
}
const rules = (...values: Array<[string, boolean]>): ResultProcessing => ({
  preset: 'custom',
  custom_rules: values.map(([value, enabled]) => ({ enabled, field: 'title', operator: 'contains', value, action: 'exclude' })),
})
const use = async (processing: ResultProcessing) =>
  expect((await putJson(server, '/webapi/result-processing', processing)).status).toBe(200)

describe('what the snapshot lacks', () => {
  test('no snapshot installed', async () => {
    expect(await explain({ t: 'search' }, bare)).toBe(
      'No snapshot is installed yet, so every search is empty: install one from the dashboard.',
    )
  })
  test('an id no release carries', async () => {
    expect(await explain({ t: 'tvsearch', imdbid: 'tt0944947' })).toBe('No release in this snapshot carries tt0944947.')
  })
  test('a season the snapshot lacks, with those it has', async () => {
    expect(await explain({ t: 'tvsearch', imdbid: SHOW, season: 6 })).toBe('Season 6 is not in the snapshot; seasons 1–5 are.')
  })
  test('an episode the snapshot lacks', async () => {
    expect(await explain({ t: 'tvsearch', imdbid: SHOW, season: 2, ep: 7 })).toBe(
      'Season 2 is in the snapshot, but neither episode 7 nor a pack of season 2 is.',
    )
  })
  test('words no title holds', async () => {
    expect(await explain({ t: 'search', q: 'better call saul' })).toBe(
      'No title in this snapshot contains all of the words “better call saul”; try fewer or other words.',
    )
  })
  test('categories the indexer does not serve', async () => {
    expect(await explain({ t: 'search', q: 'inception', cat: '7000' })).toBe(
      'None of the requested categories (7000) is one this indexer serves; ask for 2000 (Movies) or 5000 (TV) and their subcategories.',
    )
  })
})

describe('what removed every match', () => {
  test('the search function', async () => {
    expect(await explain({ t: 'movie', q: 'breaking bad' })).toBe(
      'All 9 matches were removed by the search function (it searches only films).',
    )
  })
  test('the requested categories', async () => {
    expect(await explain({ t: 'search', q: 'inception', cat: '2045' })).toBe(
      'The only match was removed by the requested categories (2045).',
    )
  })
  test('the italian_only preset', async () => {
    await use({ preset: 'italian_only', custom_rules: [] })
    expect(await explain({ t: 'search', q: 'breaking bad' })).toBe(
      'All 9 matches were removed by the italian_only preset (none has Italian audio).',
    )
  })
  test('one rule, by its number', async () => {
    await use(rules(['x265', true], ['720p', true]))
    expect(await explain({ t: 'search', q: 'breaking bad' })).toBe('All 9 matches were removed by rule 2.')
  })
  test('several rules, a disabled one not counted', async () => {
    await use(rules(['s01', true], ['720p', false], ['eng', true]))
    expect(await explain({ t: 'search', q: 'breaking bad' })).toBe('All 9 matches were removed by rules 1 and 3.')
    await use({ preset: 'unfiltered', custom_rules: [] })
  })
  test('an offset past the end', async () => {
    expect(await explain({ t: 'search', q: 'breaking bad', offset: 50 })).toBe('The search has 9 results; offset 50 is past the last one.')
  })
})
