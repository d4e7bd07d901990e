/**
 * Served titles over real HTTP (issues 16 and 21): the three subtitle forms with their expected
 * title and attributes, the inserted episode marker, the magnet keeping the stored name, the UI's
 * served_title, RELEASE_TITLES=original, and answer-cache keys that tell the two modes apart.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSnapshot } from '../../runtime/db/database.ts'
import { pooledSearchFeed } from '../../runtime/serving/torznab-answers.ts'
import { parseTorznabParams } from '../../runtime/torznab/params.ts'
import { feedItemsOf, type FeedItem } from '../helpers/arr-clients.ts'
import { buildSnapshot, hashOf } from '../helpers/snapshot-rows.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

const day = (n: number) => 1_700_000_000 + n * 86_400

// [label, stored title, type, served title, language attrs, subs attrs]
const FACTS: Array<[string, string, string, string, string[], string[]]> = [
  ['sub ita alone', 'Boris S02E07 [SUB ITA] 1080p', 'series', 'Boris S02E07 [SUBITA] 1080p', [], ['Italian']],
  [
    'ita … sub ita eng',
    'Amarcord (1973) 720p x265 ITA AC3 ENG EAC3 Sub Ita Eng - BlackBit',
    'movie',
    'Amarcord (1973) 720p x265 ITA AC3 ENG EAC3 Sub Ita Eng - BlackBit',
    ['Italian', 'English'],
    ['Italian', 'English'],
  ],
  ['eng.sub.ita', 'Lost.S01E05.ENG.Sub.Ita.720p.WEB', 'series', 'Lost.S01E05.ENG.Sub.Ita.720p.WEB', ['English'], ['Italian']],
  ['episode range', 'Serie Stagione 1 Ep 6-11 ITA 1080p', 'series', 'Serie S01E06-E11 Stagione 1 Ep 6-11 ITA 1080p', ['Italian'], []],
]

let server: TestServer
let original: TestServer
let work: string

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'icvdb-served-titles-'))
  const torrents = FACTS.map(([label, title, type], i) => ({
    info_hash: hashOf(label),
    title,
    type,
    size: 1000 + i,
    imdb: 'tt0000200',
    seeders: 5,
    uploaded: day(i),
  }))
  buildSnapshot(join(work, 'snapshot'), { torrents }).db.close()
  server = startTestServer({ env: { MAGNET_TRACKERS: '' } })
  original = startTestServer({ env: { RELEASE_TITLES: 'original' } })
  for (const each of [server, original]) each.ctx.database.swap(openSnapshot(join(work, 'snapshot'), 'db-test'))
})
afterAll(async () => {
  await server.stop()
  await original.stop()
  rmSync(work, { recursive: true, force: true })
})

const itemsOf = async (target: TestServer, query: string): Promise<Map<string, FeedItem>> => {
  const items = feedItemsOf(await (await target.fetch(`/api?${query}`)).text())
  return new Map(items.map((item) => [item.attrs.get('infohash')?.[0] ?? '', item]))
}

describe('the three subtitle forms and an Italian episode range, served', () => {
  test.each(FACTS)('%s', async (label, stored, _type, title, language, subs) => {
    for (const query of ['t=search', 't=search&q=ita', label === 'ita … sub ita eng' ? 't=movie' : 't=tvsearch']) {
      const item = (await itemsOf(server, query)).get(hashOf(label))
      expect({ query, title: item?.title, language: item?.attrs.get('language') ?? [], subs: item?.attrs.get('subs') ?? [] }).toEqual({
        query,
        title,
        language,
        subs,
      })
      // The magnet keeps the stored name; <size> equals the attribute and the enclosure length.
      expect(item?.attrs.get('magneturl')?.[0]).toContain(`dn=${encodeURIComponent(stored)}`)
      expect([item?.sizeElement, item?.enclosureLength]).toEqual([item?.attrs.get('size')?.[0], item?.attrs.get('size')?.[0]])
    }
  })

  test('a release naming episodes 6-11 answers episode searches for 6-11 only, never as a season pack', async () => {
    const range = hashOf('episode range')
    expect((await itemsOf(server, 't=tvsearch&imdbid=tt0000200&season=1&ep=7')).has(range)).toBe(true)
    expect((await itemsOf(server, 't=tvsearch&imdbid=tt0000200&season=1&ep=5')).has(range)).toBe(false)
    expect((await itemsOf(server, 't=tvsearch&imdbid=tt0000200&season=1')).has(range)).toBe(true)
  })

  test('the UI search gives the served title beside the stored one, audio as language and subtitles as subs', async () => {
    const body = (await (await server.fetch('/webapi/search?t=search')).json()) as { items: Array<Record<string, unknown>> }
    for (const [label, stored, , title, language, subs] of FACTS) {
      const item = body.items.find((candidate) => candidate.info_hash === hashOf(label))
      expect(item).toMatchObject({ title: stored, served_title: title, language, subs })
    }
  })
})

describe('RELEASE_TITLES=original', () => {
  test('serves every title as stored, on /api and in the UI, with the same attributes', async () => {
    const items = await itemsOf(original, 't=search')
    const body = (await (await original.fetch('/webapi/search?t=search')).json()) as { items: Array<Record<string, unknown>> }
    for (const [label, stored, , , language] of FACTS) {
      expect(items.get(hashOf(label))?.title).toBe(stored)
      expect(items.get(hashOf(label))?.attrs.get('language') ?? []).toEqual(language)
      expect(body.items.find((item) => item.info_hash === hashOf(label))?.served_title).toBe(stored)
    }
  })

  test('the answer cache keeps the two modes apart: the same request in the other mode is computed, not reused', async () => {
    const request = parseTorznabParams(new URLSearchParams('t=search'))
    const processing = server.ctx.settings.effective().result_processing
    const links = { base: 'http://idx', trackers: [] }
    const feed = async (titles: 'normalised' | 'original') =>
      new TextDecoder().decode(
        (await pooledSearchFeed(server.ctx.searchPool, server.ctx.database.current, request, processing, links, titles)) as Uint8Array,
      )
    expect(await feed('normalised')).toContain('[SUBITA]')
    expect(await feed('original')).toContain('[SUB ITA]')
    expect(await feed('normalised')).not.toContain('[SUB ITA]')
  })
})

test('an invalid RELEASE_TITLES stops start-up with a sentence naming the variable', () => {
  const dataDir = join(work, 'refused')
  expect(() => startTestServer({ dataDir, env: { RELEASE_TITLES: 'pretty' } })).toThrow(
    'RELEASE_TITLES must be one of normalised, original',
  )
})
