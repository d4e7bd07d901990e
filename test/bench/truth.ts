/**
 * Ground truth written beside a generated dump: for a sample of series, anime and films, which
 * info_hashes (lower-case) an id search must find, so tests and benchmarks can check real answers.
 */
import type { Catalog, Movie, Show } from './catalog.ts'

export interface TruthShow {
  kind: Show['kind']
  imdb: string
  name: string
  episodes: number[]
}

export interface TruthMovie {
  imdb: string
  tmdb: number | null
  name: string
  year: number
  /** Every movie torrent with this imdb_id, plus packs listing the film in pack_files. */
  hashes: string[]
}

export interface GroundTruth {
  seed: string
  torrents: number
  counts: Record<string, number>
  shows: TruthShow[]
  /** `tt0123456/2/5` → torrents that contain season 2 episode 5 (single, multi, pack, complete). */
  episodes: Record<string, string[]>
  movies: TruthMovie[]
}

export const episodeKey = (imdb: string, season: number, episode: number): string => `${imdb}/${season}/${episode}`

/** Evenly spaced ranks, so the sample mixes popular and obscure works. */
const spread = (size: number, wanted: number): Set<number> => {
  const picked = new Set<number>()
  const step = Math.max(1, size / wanted)
  for (let rank = 0; rank < size && picked.size < wanted; rank += step) picked.add(Math.floor(rank))
  return picked
}

export class TruthRecorder {
  readonly #series: Set<number>
  readonly #anime: Set<number>
  readonly #movies: Set<number>
  readonly #episodes = new Map<string, Set<string>>()
  readonly #movieHashes = new Map<number, Set<string>>()

  constructor(
    readonly catalog: Catalog,
    limits = { series: 150, anime: 40, movies: 2000 },
  ) {
    this.#series = spread(catalog.series.length, limits.series)
    this.#anime = spread(catalog.anime.length, limits.anime)
    this.#movies = spread(catalog.movies.length, limits.movies)
  }

  tracksShow(show: Show): boolean {
    return (show.kind === 'series' ? this.#series : this.#anime).has(show.rank)
  }

  tracksMovie(movie: Movie): boolean {
    return this.#movies.has(movie.rank)
  }

  episode(show: Show, season: number, episode: number, hash: string): void {
    if (!this.tracksShow(show)) return
    const key = episodeKey(show.imdb, season, episode)
    let hashes = this.#episodes.get(key)
    if (!hashes) this.#episodes.set(key, (hashes = new Set()))
    hashes.add(hash.toLowerCase())
  }

  movie(movie: Movie, hash: string): void {
    if (!this.tracksMovie(movie)) return
    let hashes = this.#movieHashes.get(movie.rank)
    if (!hashes) this.#movieHashes.set(movie.rank, (hashes = new Set()))
    hashes.add(hash.toLowerCase())
  }

  result(seed: string, torrents: number, counts: Record<string, number>): GroundTruth {
    const shows = [...this.#series].map((rank) => this.catalog.series[rank])
      .concat([...this.#anime].map((rank) => this.catalog.anime[rank]))
      .map(({ kind, imdb, name, episodes }) => ({ kind, imdb, name, episodes }))
    const episodes: Record<string, string[]> = {}
    for (const [key, hashes] of this.#episodes) episodes[key] = [...hashes].sort()
    const movies = [...this.#movieHashes].map(([rank, hashes]) => {
      const { imdb, tmdb, name, year } = this.catalog.movies[rank]
      return { imdb, tmdb, name, year, hashes: [...hashes].sort() }
    })
    return { seed, torrents, counts, shows, episodes, movies }
  }
}
