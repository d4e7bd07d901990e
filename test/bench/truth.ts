/**
 * Ground truth written beside a generated dump: for a sample of series, anime and films, which
 * info_hashes (lower-case) an id search must find, so tests and benchmarks can check real answers,
 * including releases that carry only the TMDB id or no id at all (`labels`), which only the id
 * crosswalk finds; and every release of those works (`related`), so precision can tell a result of
 * another show or film. `counts` also counts, over the whole dump, the spellings and ids the
 * generator models (ids missing, scene and Italian episode markers, packs without a parseable tag).
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

/** How a relevant release is labelled when it does not carry the IMDb id a search asks for. */
export type MissingId = 'tmdb_only' | 'no_id'

export interface GroundTruth {
  seed: string
  torrents: number
  counts: Record<string, number>
  shows: TruthShow[]
  /** `tt0123456/2/5` → torrents that contain season 2 episode 5 (single, multi, pack, complete). */
  episodes: Record<string, string[]>
  movies: TruthMovie[]
  /** Hashes of `episodes` and `movies` without the work's IMDb id on their torrents row. */
  labels: Record<string, MissingId>
  /** IMDb id of a sampled show or film → every release of it, packs that hold it included. */
  related: Record<string, string[]>
  /** Releases of sampled works whose title uses a modelled spelling (`episode_scene_ep`…) → that spelling. */
  spellings: Record<string, string>
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
  readonly #labels = new Map<string, MissingId>()
  readonly #related = new Map<string, Set<string>>()
  readonly #features = new Map<string, number>()
  readonly #spellings = new Map<string, string>()

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

  /** Counts one release with a modelled feature (`no_id`, `italian_episode`…), whatever its work. */
  feature(name: string, spelledBy?: { work: Show | Movie; hash: string }): void {
    this.#features.set(name, (this.#features.get(name) ?? 0) + 1)
    if (spelledBy && this.#tracks(spelledBy.work)) this.#spellings.set(spelledBy.hash.toLowerCase(), name)
  }

  #tracks(work: Show | Movie): boolean {
    return 'kind' in work ? this.tracksShow(work) : this.tracksMovie(work)
  }

  #label(hash: string, missing: MissingId | null): void {
    if (missing) this.#labels.set(hash.toLowerCase(), missing)
  }

  /** A release of a show or film (any form, findable or not): precision counts results outside these. */
  release(work: Show | Movie, hash: string): void {
    if (!this.#tracks(work)) return
    let hashes = this.#related.get(work.imdb)
    if (!hashes) this.#related.set(work.imdb, (hashes = new Set()))
    hashes.add(hash.toLowerCase())
  }

  episode(show: Show, season: number, episode: number, hash: string, missing: MissingId | null = null): void {
    if (!this.tracksShow(show)) return
    const key = episodeKey(show.imdb, season, episode)
    let hashes = this.#episodes.get(key)
    if (!hashes) this.#episodes.set(key, (hashes = new Set()))
    hashes.add(hash.toLowerCase())
    this.#label(hash, missing)
  }

  movie(movie: Movie, hash: string, missing: MissingId | null = null): void {
    if (!this.tracksMovie(movie)) return
    let hashes = this.#movieHashes.get(movie.rank)
    if (!hashes) this.#movieHashes.set(movie.rank, (hashes = new Set()))
    hashes.add(hash.toLowerCase())
    this.#label(hash, missing)
    this.release(movie, hash)
  }

  result(seed: string, torrents: number, counts: Record<string, number>): GroundTruth {
    const shows = [...this.#series]
      .map((rank) => this.catalog.series[rank])
      .concat([...this.#anime].map((rank) => this.catalog.anime[rank]))
      .map(({ kind, imdb, name, episodes }) => ({ kind, imdb, name, episodes }))
    const episodes: Record<string, string[]> = {}
    for (const [key, hashes] of this.#episodes) episodes[key] = [...hashes].sort()
    const movies = [...this.#movieHashes].map(([rank, hashes]) => {
      const { imdb, tmdb, name, year } = this.catalog.movies[rank]
      return { imdb, tmdb, name, year, hashes: [...hashes].sort() }
    })
    const related: Record<string, string[]> = {}
    for (const [imdb, hashes] of this.#related) related[imdb] = [...hashes].sort()
    const features = Object.fromEntries([...this.#features].sort(([a], [b]) => (a < b ? -1 : 1)))
    return {
      seed,
      torrents,
      counts: { ...counts, ...features },
      shows,
      episodes,
      movies,
      labels: Object.fromEntries(this.#labels),
      related,
      spellings: Object.fromEntries(this.#spellings),
    }
  }
}
