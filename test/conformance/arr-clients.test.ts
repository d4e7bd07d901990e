/**
 * What Sonarr, Radarr and cross-seed make of our answers, over real HTTP: every item the fixture
 * snapshot serves, and every item a generated snapshot (the benchmark generator at small scale)
 * returns for the generator's episode, season and film queries. Seasons, episodes and film years
 * are read by @ctrl/video-filename-parser with Sonarr's search match rules; languages and hardcoded
 * subtitles by test/helpers/arr-clients.ts. Fails on any violation and prints the counts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSnapshot } from '../../runtime/db/database.ts'
import { importSnapshot } from '../../runtime/importer/import.ts'
import { generateDump, type GenerateResult } from '../bench/generate.ts'
import { stopAllClusters } from '../bench/pg-cluster.ts'
import {
  episodeSearchVerdict,
  feedItemsOf,
  radarrFilmYear,
  radarrHardcoded,
  radarrLanguages,
  seasonSearchVerdict,
  sonarrEpisodeView,
  sonarrLanguages,
  type FeedItem,
} from '../helpers/arr-clients.ts'
import { startFixtureServer } from '../helpers/fixture-server.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

const count = (tally: Map<string, number>, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1)
const sorted = (tally: Map<string, number>) => Object.fromEntries([...tally].sort())

/** Pages through a request until a short page: every item it serves. */
const everyItem = async (server: TestServer, query: string): Promise<FeedItem[]> => {
  const items: FeedItem[] = []
  for (let offset = 0; ; offset += 100) {
    const page = feedItemsOf(await (await server.fetch(`/api?${query}&limit=100&offset=${offset}`)).text())
    items.push(...page)
    if (page.length < 100) return items
  }
}

/** Every language and size promise of one served item, as sentences (empty = none broken). */
const itemProblems = (item: FeedItem, audio: Map<string, string[]>): string[] => {
  const problems: string[] = []
  const classified = audio.get(item.attrs.get('infohash')?.[0] ?? '') ?? []
  const attrs = item.attrs.get('language') ?? []
  if (attrs.join(',') !== classified.join(',')) problems.push(`language attrs ${attrs} ≠ audio ${classified}`)
  for (const [app, read] of [
    ['Sonarr', sonarrLanguages(item)],
    ['Radarr', radarrLanguages(item)],
  ] as const)
    for (const language of read) if (!classified.includes(language)) problems.push(`${app} reads ${language} audio`)
  const hardcoded = radarrHardcoded(item.title)
  if (hardcoded) problems.push(`Radarr: hardcoded subtitles (${hardcoded})`)
  const size = item.attrs.get('size')?.[0]
  if (size !== undefined && (item.sizeElement !== size || item.enclosureLength !== size))
    problems.push(`<size> ${item.sizeElement} ≠ ${size}`)
  if (size === undefined && item.sizeElement !== null) problems.push('<size> without a known size')
  return problems.map((problem) => `${item.title}: ${problem}`)
}

// @ctrl/video-filename-parser reads the year of Show_2021_S05 as season 20 episode 21, where Sonarr
// tries SxxEyy, 1x09 and S05 first (reference/arr-parsing.md §1): counted apart, not a violation.
const portYearQuirk = (title: string, season: number | undefined): boolean =>
  [...title.matchAll(/_((?:19|20)\d\d)_/g)].some((m) => Number(m[1].slice(0, 2)) === season)

/** Packs the apps cannot place by design: complete series without season numbers, film collections. */
const packsByDesign = (server: TestServer): Set<string> => {
  const db = server.ctx.database.db
  const complete = db?.query('SELECT info_hash FROM torrents WHERE complete = 1 AND season_first IS NULL').all() as { info_hash: string }[]
  const films = db?.query('SELECT DISTINCT pack_hash AS info_hash FROM pack_files').all() as { info_hash: string }[]
  return new Set([...complete, ...films].map((row) => row.info_hash))
}

/** The audio languages the indexer classified, by info hash. */
const audioByHash = (server: TestServer): Map<string, string[]> => {
  const rows = server.ctx.database.db?.query('SELECT info_hash, languages FROM torrents').all() as {
    info_hash: string
    languages: string | null
  }[]
  return new Map(rows.map((row) => [row.info_hash, row.languages ? row.languages.split(',') : []]))
}

describe('the fixture snapshot, every item of every answer kind', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startFixtureServer()
  })
  afterAll(() => server.stop())

  test('no item reads as audio it does not have, none trips Radarr hardcoded subtitles, every known audio is an attribute', async () => {
    const audio = audioByHash(server)
    const problems: string[] = []
    let served = 0
    let rewritten = 0
    for (const query of ['t=search', 't=tvsearch', 't=movie', 't=search&q=ita', 't=search&q=sub']) {
      for (const item of await everyItem(server, query)) {
        served += 1
        problems.push(...itemProblems(item, audio))
        if (/SUB[A-Z]{3}/.test(item.title)) rewritten += 1
      }
    }
    console.log(`fixture: ${served} items served, ${rewritten} with joined subtitle markers, ${problems.length} problems`)
    expect(served).toBeGreaterThan(audio.size)
    expect(problems).toEqual([])
  })

  test('RELEASE_TITLES=original serves the stored titles, and the same check then finds subtitles read as audio', async () => {
    const original = await startFixtureServer({ env: { RELEASE_TITLES: 'original' } })
    try {
      const items = await everyItem(original, 't=search')
      const titles = items.map((item) => item.title)
      expect(titles).toContain('Boris S02E07 [SUB ITA] 1080p')
      expect(titles.filter((title) => /SUBITA/.test(title))).toEqual([])
      const misread = items
        .flatMap((item) => itemProblems(item, audioByHash(original)))
        .filter((problem) => problem.endsWith('reads Italian audio'))
      expect(misread).toContain('Boris S02E07 [SUB ITA] 1080p: Sonarr reads Italian audio')
      expect(misread).toContain('Deadpool.and.Wolverine.2024.2160p.WEBRip.SUB.ITA.x265: Radarr reads Italian audio')
    } finally {
      await original.stop()
    }
  })
})

describe('a generated snapshot: the generator episode, season and film queries', () => {
  let work: string
  let generated: GenerateResult
  let server: TestServer

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'icvdb-arr-clients-'))
    generated = await generateDump({ torrents: 400, seed: 'arr-clients', out: join(work, 'small.dump') })
    const directory = join(work, 'snapshot')
    await importSnapshot({ source: generated.out, directory, tag: 'synthetic' })
    server = startTestServer()
    server.ctx.database.swap(openSnapshot(directory, 'synthetic'))
  }, 90_000)
  afterAll(async () => {
    stopAllClusters()
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  test('Sonarr: no "Wrong episode" and no "Wrong season" but multi-season packs; Radarr: a year; languages as above', async () => {
    const audio = audioByHash(server)
    const packs = packsByDesign(server)
    const verdicts = { episode: new Map<string, number>(), season: new Map<string, number>(), film: new Map<string, number>() }
    const violations: string[] = []
    const judge = (kind: keyof typeof verdicts, item: FeedItem, verdict: string, bad: boolean) => {
      const pack = packs.has(item.attrs.get('infohash')?.[0] ?? '')
      const quirk = verdict === 'Wrong season' && portYearQuirk(item.title, sonarrEpisodeView(item.title)?.seasons[0])
      const counted = pack && verdict !== 'accepted' ? `${verdict} (pack by design)` : quirk ? `${verdict} (parser port quirk)` : verdict
      count(verdicts[kind], counted)
      if (bad && !pack && !quirk) violations.push(`${kind}: ${item.title} → ${verdict}`)
      violations.push(...itemProblems(item, audio))
    }
    for (const key of Object.keys(generated.truth.episodes)) {
      const [imdb, season, episode] = key.split('/')
      for (const item of await everyItem(server, `t=tvsearch&imdbid=${imdb}&season=${season}&ep=${episode}`)) {
        const verdict = episodeSearchVerdict(sonarrEpisodeView(item.title), Number(season), Number(episode))
        judge('episode', item, verdict, verdict === 'Wrong episode' || verdict === 'Wrong season')
      }
    }
    for (const show of generated.truth.shows) {
      for (let season = 1; season <= show.episodes.length; season++) {
        for (const item of await everyItem(server, `t=tvsearch&imdbid=${show.imdb}&season=${season}`)) {
          const verdict = seasonSearchVerdict(sonarrEpisodeView(item.title), season)
          judge('season', item, verdict, verdict === 'Wrong season')
        }
      }
    }
    for (const movie of generated.truth.movies) {
      for (const item of await everyItem(server, `t=movie&imdbid=${movie.imdb}`)) {
        const year = radarrFilmYear(item.title)
        judge('film', item, year === null ? 'Unable to parse release (no year)' : 'title and year', year === null)
      }
    }
    console.log('Sonarr episode searches:', sorted(verdicts.episode))
    console.log('Sonarr season searches:', sorted(verdicts.season))
    console.log('Radarr film searches:', sorted(verdicts.film))
    console.log(`violations: ${violations.length}`, violations.slice(0, 20))
    expect(verdicts.episode.get('accepted') ?? 0).toBeGreaterThan(100)
    expect(violations).toEqual([])
  }, 120_000)
})
