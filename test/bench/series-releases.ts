/**
 * Series and anime torrents: single episodes (S02E05, 2x05, the scene's S02.Ep.05 and the Italian
 * Stagione 2 Episodio 5, Puntata 5, absolute anime numbers), multi-episode torrents (S02E05E06,
 * S02E05-E07, Stagione 2 Ep 5-9), season packs (S02, Season 2, Stagione 2), ranges (S01-S03) and
 * complete series (Serie-Completa…), with `files` rows for packs. Every episode a torrent contains is
 * recorded in the ground truth, with the ids its row lacks.
 */
import { absoluteEpisode, type Show } from './catalog.ts'
import { weighted, type Random } from './random.ts'
import { VIDEO_EXTENSIONS, type ReleaseContext } from './release-context.ts'
import { releaseName, renderName, titleLimit } from './titles.ts'
import { sizeBytes, type ReleaseFacts } from './torrent-row.ts'

type Episode = readonly [season: number, episode: number]

const pad = (n: number): string => String(n).padStart(2, '0')

const seriesForm = weighted([
  ['episode', 64],
  ['multi', 3],
  ['season', 22],
  ['range', 5],
  ['complete', 5.5],
] as const)
const animeForm = weighted([
  ['episode', 72],
  ['batch', 28],
] as const)

const seasonTag = (random: Random, season: number): string =>
  random.pick([
    `S${pad(season)}`,
    `S${pad(season)}`,
    `s${pad(season)}`,
    `S${pad(season)} COMPLETE`,
    `Season ${season}`,
    `Stagione ${season}`,
    `Stagione ${season} Completa`,
    `STAGIONE ${season}`,
  ])

const rangeTag = (random: Random, first: number, last: number): string =>
  random.pick([
    `S${pad(first)}-S${pad(last)}`,
    `S${pad(first)}-S${pad(last)}`,
    `Stagioni ${first}-${last}`,
    `Season ${first}-${last}`,
    `S${pad(first)}-S${pad(last)} COMPLETE`,
  ])

const completeTag = (random: Random, show: Show): string =>
  random.pick([
    'COMPLETE',
    'Serie Completa',
    'Serie-Completa',
    'Complete Series',
    `S01-S${pad(show.episodes.length)} COMPLETE`,
    'The Complete Series',
    'Stagioni Complete',
  ])

/**
 * How a single episode is spelled, and the feature the ground truth counts: mostly S02E05; the
 * scene's `S02.Ep.05` / `S02 Ep 05` (spaces become the title's separator) and 1x05; Italian
 * `Stagione 2 Episodio 5`, and `Episodio 5` / `Puntata 5` alone for a show of one season.
 */
const episodeSpelling = weighted([
  ['sxxexx', 74],
  ['lower', 8],
  ['cross', 8],
  ['scene_ep', 4],
  ['stagione_episodio', 3],
  ['alone', 3],
] as const)

const episodeTag = (random: Random, show: Show, season: number, episode: number): { tag: string; feature: string | null } => {
  const spelling = episodeSpelling(random)
  if (spelling === 'lower') return { tag: `s${pad(season)}e${pad(episode)}`, feature: null }
  if (spelling === 'cross') return { tag: `${season}x${pad(episode)}`, feature: 'episode_1x05' }
  if (spelling === 'scene_ep') return { tag: `S${pad(season)} Ep ${pad(episode)}`, feature: 'episode_scene_ep' }
  if (spelling === 'stagione_episodio' || (spelling === 'alone' && show.episodes.length > 1))
    return { tag: `Stagione ${season} Episodio ${episode}`, feature: 'episode_italian' }
  if (spelling === 'alone') return { tag: `${random.pick(['Episodio', 'Puntata'])} ${episode}`, feature: 'episode_italian_alone' }
  return { tag: `S${pad(season)}E${pad(episode)}`, feature: null }
}

/** Episodes first..last of one season: S02E05E06, S02E05-E07, S02E05-07, Stagione 2 Ep 5-9, S02 Ep 05-09. */
const multiTag = (random: Random, season: number, first: number, last: number): { tag: string; feature: string } => {
  const options = [
    `S${pad(season)}E${pad(first)}-E${pad(last)}`,
    `S${pad(season)}E${pad(first)}-${pad(last)}`,
    `Stagione ${season} Ep ${first}-${last}`,
    `S${pad(season)} Ep ${pad(first)}-${pad(last)}`,
  ]
  if (last === first + 1) options.push(`S${pad(season)}E${pad(first)}E${pad(last)}`, `S${pad(season)}E${pad(first)}E${pad(last)}`)
  const tag = random.pick(options)
  return {
    tag,
    feature: / Ep /.test(tag) ? (tag.startsWith('Stagione') ? 'multi_episode_italian' : 'multi_episode_scene_ep') : 'multi_episode',
  }
}

const episodesOf = (show: Show, first: number, last: number): Episode[] => {
  const list: Episode[] = []
  for (let season = first; season <= last; season++) {
    for (let episode = 1; episode <= show.episodes[season - 1]; episode++) list.push([season, episode])
  }
  return list
}

const fileTitle = (random: Random, show: Show, [season, episode]: Episode): string => {
  const ext = random.pick(VIDEO_EXTENSIONS)
  const name = renderName(random, show.name, '.')
  if (show.kind === 'anime' && random.chance(0.5)) return `${show.name} - ${pad(absoluteEpisode(show, season, episode))} [1080p].${ext}`
  switch (random.int(4)) {
    case 0:
      return `Season ${season}/${show.name} - S${pad(season)}E${pad(episode)}.${ext}`
    case 1:
      return `${show.name} ${season}x${pad(episode)}.${ext}`
    default:
      return `${name}.S${pad(season)}E${pad(episode)}.1080p.WEB-DL.${ext}`
  }
}

/** Writes one files row per episode, numbered from 0 in torrent order. */
const addFiles = (context: ReleaseContext, hash: string, show: Show, imdb: string | null, episodes: Episode[]): void => {
  const { random } = context
  episodes.forEach((item, fileIndex) => {
    // A few rows miss the propagated id; the torrent row still carries it.
    const fileImdb = random.chance(0.03) ? null : imdb
    const title = fileTitle(random, show, item).slice(0, 256)
    context.addFile({
      infoHash: hash,
      fileIndex,
      title,
      size: sizeBytes(random, 0.2, 4),
      imdb: fileImdb,
      season: item[0],
      episode: item[1],
    })
  })
}

interface Plan {
  tag: string
  /** What the ground truth counts this spelling as, if anything. */
  feature?: string | null
  contains: Episode[]
  season: number | null
  episode: number | null
  files: boolean
  pack: boolean
  size: number | null
  /** False when only an absolute number names the episode and the row has no season/episode. */
  findable: boolean
}

const seriesPlan = (random: Random, show: Show): Plan => {
  const seasons = show.episodes.length
  const season = random.between(1, seasons)
  const episode = random.between(1, show.episodes[season - 1])
  const form = seriesForm(random)
  if (form === 'episode') {
    const { tag, feature } = episodeTag(random, show, season, episode)
    const tagged = random.chance(0.92)
    return {
      tag,
      feature,
      contains: [[season, episode]],
      season: tagged ? season : null,
      episode: tagged ? episode : null,
      files: random.chance(0.25),
      pack: false,
      size: sizeBytes(random, 0.15, 4),
      findable: true,
    }
  }
  if (form === 'multi' && episode < show.episodes[season - 1]) {
    const last = Math.min(show.episodes[season - 1], episode + (random.chance(0.6) ? 1 : random.between(2, 5)))
    const { tag, feature } = multiTag(random, season, episode, last)
    const contains: Episode[] = []
    for (let n = episode; n <= last; n++) contains.push([season, n])
    return {
      tag,
      feature,
      contains,
      season,
      episode,
      files: random.chance(0.5),
      pack: false,
      size: sizeBytes(random, 0.3, 8),
      findable: true,
    }
  }
  if (form === 'range' && seasons > 1) {
    const first = random.between(1, seasons - 1)
    const last = random.between(first + 1, seasons)
    return {
      tag: rangeTag(random, first, last),
      contains: episodesOf(show, first, last),
      season: null,
      episode: null,
      files: random.chance(0.4),
      pack: true,
      size: sizeBytes(random, 4, 80),
      findable: true,
    }
  }
  if (form === 'complete') {
    const tag = completeTag(random, show)
    return {
      tag,
      feature: tag === 'Serie-Completa' ? 'pack_serie_completa' : null,
      contains: episodesOf(show, 1, seasons),
      season: null,
      episode: null,
      files: true,
      pack: true,
      size: sizeBytes(random, 6, 80),
      findable: true,
    }
  }
  const tagged = random.chance(0.55)
  return {
    tag: seasonTag(random, season),
    contains: episodesOf(show, season, season),
    season: tagged ? season : null,
    episode: null,
    files: random.chance(0.55),
    pack: true,
    size: sizeBytes(random, 1.5, 60),
    findable: true,
  }
}

const animePlan = (random: Random, show: Show): Plan => {
  const season = random.between(1, show.episodes.length)
  if (animeForm(random) === 'batch') {
    const count = show.episodes[season - 1]
    const first = absoluteEpisode(show, season, 1)
    const tag = random.pick([
      `(${pad(first)}-${pad(first + count - 1)})`,
      `S${pad(season)} [BD]`,
      `Batch ${pad(first)}-${pad(first + count - 1)}`,
    ])
    return {
      tag,
      contains: episodesOf(show, season, season),
      season: random.chance(0.5) ? season : null,
      episode: null,
      files: true,
      pack: true,
      size: sizeBytes(random, 3, 40),
      findable: true,
    }
  }
  const episode = random.between(1, show.episodes[season - 1])
  const absolute = random.chance(0.65)
  const tag = absolute ? pad(absoluteEpisode(show, season, episode)) : `S${pad(season)}E${pad(episode)}`
  const tagged = random.chance(0.85)
  const files = random.chance(0.2)
  return {
    tag,
    contains: [[season, episode]],
    season: tagged ? season : null,
    episode: tagged ? episode : null,
    files,
    pack: false,
    size: sizeBytes(random, 0.1, 2),
    findable: tagged || !absolute || files,
  }
}

/** One series or anime torrent: its facts for the torrents row; files rows and truth as side effects. */
export const showRelease = (context: ReleaseContext, show: Show, hash: string): ReleaseFacts => {
  const { random } = context
  const plan = show.kind === 'anime' ? animePlan(random, show) : seriesPlan(random, show)
  const imdb = random.chance(show.kind === 'anime' ? 0.85 : 0.95) ? show.imdb : null
  const tmdb = random.chance(0.3) ? show.tmdb : null
  const fansub = show.kind === 'anime' && !plan.tag.startsWith('S')
  const title = titleLimit(releaseName(random, { name: show.name, tag: plan.tag, year: show.year, fansub }), random)
  if (plan.files) addFiles(context, hash, show, imdb, plan.contains)
  const missing = imdb !== null ? null : tmdb !== null ? 'tmdb_only' : 'no_id'
  if (missing) context.truth.feature(`${show.kind}_${missing}`)
  if (plan.feature) context.truth.feature(plan.feature, { work: show, hash })
  context.truth.release(show, hash)
  if (plan.findable) for (const [season, episode] of plan.contains) context.truth.episode(show, season, episode, hash, missing)
  const single = !plan.pack && !plan.files && random.chance(0.5)
  return {
    title,
    type: show.kind,
    size: plan.size,
    imdb,
    tmdb,
    season: plan.season,
    episode: plan.episode,
    pack: plan.pack,
    fileTitle: single ? `${title.slice(0, 190)}.${random.pick(VIDEO_EXTENSIONS)}` : null,
  }
}
