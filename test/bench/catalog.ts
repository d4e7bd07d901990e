/**
 * The works the synthetic torrents are releases of: thousands of series, hundreds of anime and tens
 * of thousands of films (some in franchises) at 1M torrents, each with stable unique IMDb/TMDB ids.
 */
import { Random } from './random.ts'
import { animeName, showName } from './titles.ts'

export interface Show {
  kind: 'series' | 'anime'
  rank: number
  name: string
  italian: boolean
  imdb: string
  tmdb: number | null
  year: number
  /** Episodes per season: episodes[0] is season 1. */
  episodes: number[]
}

export interface Movie {
  rank: number
  name: string
  italian: boolean
  imdb: string
  tmdb: number | null
  year: number
}

export interface Franchise {
  name: string
  /** Indexes into Catalog.movies, in release order. */
  movies: number[]
}

export interface Catalog {
  series: Show[]
  anime: Show[]
  movies: Movie[]
  franchises: Franchise[]
}

/** Counts per size: 1M torrents → 5,000 series, 800 anime, 40,000 films. */
export const catalogSizes = (torrents: number) => ({
  series: Math.max(6, Math.round(torrents / 200)),
  anime: Math.max(3, Math.round(torrents / 1250)),
  movies: Math.max(24, Math.round(torrents / 25)),
})

// Multipliers coprime to the ranges make k → id a bijection, so ids never collide.
const imdbFor = (random: Random, k: number): string => {
  const v = (k * 7654321 + 12345) % 9000000
  return random.chance(0.2) ? `tt${10000000 + v}` : `tt${String(100000 + v).padStart(7, '0')}`
}
const tmdbFor = (random: Random, k: number): number | null => (random.chance(0.08) ? null : ((k * 1234567 + 777) % 1500000) + 1)

const seasonCount = (random: Random): number => {
  const u = random.next()
  if (u < 0.3) return 1
  if (u < 0.7) return random.between(2, 4)
  if (u < 0.95) return random.between(5, 10)
  return random.between(11, 20)
}

const seriesEpisodes = (random: Random): number[] => {
  const base = random.pick([6, 8, 10, 10, 12, 13, 13, 20, 22, 24])
  return Array.from({ length: seasonCount(random) }, () => Math.max(3, base + random.between(-2, 2)))
}

// Long-running anime (about 1 in 20) reach absolute numbers in the hundreds.
const animeEpisodes = (random: Random): number[] => {
  if (random.chance(0.05)) return Array.from({ length: random.between(8, 20) }, () => random.between(24, 52))
  return Array.from({ length: random.between(1, 4) }, () => random.pick([12, 12, 13, 24, 25, 26]))
}

const startYear = (random: Random, from: number): number => 2025 - Math.floor((2025 - from) * random.next() ** 1.6)

const ROMAN = ['', '2', 'II', 'III', '3', 'IV', '4', 'V']

/**
 * Share of works whose name another work of the same catalogue (shows, or films of the same year)
 * already has: real namesakes exist (remakes, the US and UK "Shameless") but are few. The name
 * vocabularies are small, so without this most show names recurred dozens of times, which no id
 * crosswalk could tell apart and no real catalogue looks like.
 */
const NAMESAKES = 0.03
const DISTINCT_WORDS = [
  'Chronicles',
  'Files',
  'Stories',
  'Legends',
  'Diaries',
  'Cronache',
  'Racconti',
  'Misteri',
  'Origins',
  'Nights',
  'Days',
  'Roads',
]

/**
 * A name drawn by `draw`, made distinct from the names in `taken` (as `keyOf` tells them apart)
 * unless it is one of the NAMESAKES.
 */
const distinctName = (random: Random, taken: Set<string>, draw: () => string, keyOf = (name: string) => name): string => {
  let name = draw()
  if (!random.chance(NAMESAKES)) {
    for (let tries = 0; taken.has(keyOf(name)) && tries < 8; tries++) name = draw()
    while (taken.has(keyOf(name))) name = `${name} ${random.pick(DISTINCT_WORDS)}`
  }
  taken.add(keyOf(name))
  return name
}

/** Builds the whole catalog from the seed; a few names repeat across works (NAMESAKES), ids never do. */
export const buildCatalog = (seed: string, torrents: number): Catalog => {
  const random = new Random(`${seed}/catalog`)
  const sizes = catalogSizes(torrents)
  let k = 0
  const showNames = new Set<string>()
  const show = (kind: Show['kind'], rank: number): Show => {
    const italian = kind === 'series' && random.chance(0.35)
    return {
      kind,
      rank,
      name: distinctName(random, showNames, () => (kind === 'anime' ? animeName(random) : showName(random, italian))),
      italian,
      imdb: imdbFor(random, k++),
      tmdb: tmdbFor(random, k),
      year: startYear(random, 1985),
      episodes: kind === 'anime' ? animeEpisodes(random) : seriesEpisodes(random),
    }
  }
  const series = Array.from({ length: sizes.series }, (_, rank) => show('series', rank))
  const anime = Array.from({ length: sizes.anime }, (_, rank) => show('anime', rank))

  const movies: Movie[] = []
  const franchises: Franchise[] = []
  // Films are told apart by name and year: a name is taken for one year.
  const filmNames = new Set<string>()
  while (movies.length < sizes.movies) {
    const italian = random.chance(0.3)
    const year = startYear(random, 1950)
    const base = distinctName(
      random,
      filmNames,
      () => showName(random, italian),
      (name) => `${name} ${year}`,
    )
    // About 15% of films belong to a franchise of 2–6 films.
    const count = random.chance(0.05) ? random.between(2, 6) : 1
    const members: number[] = []
    for (let part = 0; part < count && movies.length < sizes.movies; part++) {
      const suffix = part === 0 ? '' : random.chance(0.6) ? ` ${ROMAN[part] ?? part + 1}` : `: ${showName(random, italian)}`
      members.push(movies.length)
      movies.push({
        rank: movies.length,
        name: `${base}${suffix}`,
        italian,
        imdb: imdbFor(random, k++),
        tmdb: tmdbFor(random, k),
        year: Math.min(2025, year + part * random.between(1, 4)),
      })
    }
    if (members.length > 1) franchises.push({ name: base, movies: members })
  }
  return { series, anime, movies, franchises }
}

/** Absolute episode number of (season, episode) for anime titles such as `One Piece - 1071`. */
export const absoluteEpisode = (show: Show, season: number, episode: number): number => {
  let absolute = episode
  for (let s = 1; s < season; s++) absolute += show.episodes[s - 1]
  return absolute
}
