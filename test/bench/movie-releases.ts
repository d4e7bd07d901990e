/**
 * Film torrents: single releases with imdb/tmdb ids (sometimes one or neither), and movie packs
 * (franchise trilogies, collections without a year such as `Fantozzi - Collezione Completa (10 film)`,
 * themed collections) whose `pack_files` rows list the films they contain.
 */
import type { Catalog, Movie } from './catalog.ts'
import { weighted, type Random } from './random.ts'
import { VIDEO_EXTENSIONS, type ReleaseContext } from './release-context.ts'
import { releaseName, renderName, titleLimit } from './titles.ts'
import { sizeBytes, type ReleaseFacts } from './torrent-row.ts'

const PACK_SHARE = 0.04

const franchiseTag = weighted([
  ['Trilogia', 25],
  ['Collection', 25],
  ['Saga Completa', 15],
  ['Trilogy', 10],
  ['Cofanetto', 5],
  ['Pack', 10],
  ['Quadrilogia', 3],
  ['', 7],
] as const)
const THEMES = [
  'Cinema Italiano Anni 70',
  'Best of 80s',
  'Western Collection',
  "Commedia all'Italiana",
  'Horror Classics',
  'Oscar Winners',
  'Film di Natale',
  'Animazione Collection',
  'Noir Italiano',
  'Sci-Fi Classics',
]

const filmFile = (random: Random, movie: Movie, folder: string): string => {
  const name = renderName(random, movie.name, '.')
  const ext = random.pick(VIDEO_EXTENSIONS)
  return random.chance(0.5) ? `${folder}/${name}.${movie.year}.1080p.BluRay.x264.${ext}` : `${folder}/${movie.name} (${movie.year}).${ext}`
}

/** Lists `films` in pack_files and records the pack for each film that carries an id. */
const addPackFiles = (context: ReleaseContext, hash: string, folder: string, films: Movie[]): void => {
  const { random } = context
  films.forEach((movie, fileIndex) => {
    const imdb = random.chance(0.08) ? null : movie.imdb
    context.addPackFile({
      packHash: hash,
      imdb,
      fileIndex,
      filePath: filmFile(random, movie, folder),
      fileSize: sizeBytes(random, 0.7, 15),
    })
    if (imdb !== null) context.truth.movie(movie, hash)
    else context.truth.release(movie, hash)
  })
}

/** A franchise pack (80%) or a themed collection of 8–20 unrelated films (20%). */
const packRelease = (context: ReleaseContext, catalog: Catalog, hash: string): ReleaseFacts => {
  const { random } = context
  let films: Movie[]
  let name: string
  if (catalog.franchises.length > 0 && random.chance(0.8)) {
    const franchise = random.pick(catalog.franchises)
    films = franchise.movies.map((index) => catalog.movies[index])
    const tag = franchiseTag(random)
    if (random.chance(0.15)) {
      // No year and no pack word Radarr reads: the title alone names no film.
      name = `${franchise.name} - Collezione Completa (${films.length} film)`
      context.truth.feature('pack_film_collection_no_year', { work: films[0], hash })
    } else name = random.chance(0.3) && tag !== '' ? `${tag} ${franchise.name}` : `${franchise.name} ${tag}`.trim()
  } else {
    const count = Math.min(catalog.movies.length, random.between(8, 20))
    const start = random.int(catalog.movies.length - count + 1)
    films = catalog.movies.slice(start, start + count)
    name = `${random.pick(THEMES)} Vol. ${random.between(1, 12)}`
  }
  const title = titleLimit(releaseName(random, { name, tag: films.length > 2 && random.chance(0.4) ? `1-${films.length}` : '' }), random)
  addPackFiles(context, hash, name.replace(/[/:]/g, ' '), films)
  // The pack's own row names the first film half of the time (upstream does this too).
  const first = random.chance(0.5) ? films[0] : null
  if (first) context.truth.movie(first, hash)
  return {
    title,
    type: 'movie',
    size: sizeBytes(random, 4, 80),
    imdb: first?.imdb ?? null,
    tmdb: first?.tmdb ?? null,
    season: null,
    episode: null,
    pack: true,
    fileTitle: null,
  }
}

/** One film torrent; `pick` draws the film by popularity. */
export const movieRelease = (context: ReleaseContext, catalog: Catalog, movie: Movie, hash: string): ReleaseFacts => {
  const { random } = context
  if (random.chance(PACK_SHARE)) return packRelease(context, catalog, hash)
  const title = titleLimit(releaseName(random, { name: movie.name, tag: '', year: movie.year }), random)
  const imdb = random.chance(0.94) ? movie.imdb : null
  const tmdb = random.chance(0.7) ? movie.tmdb : null
  const missing = imdb !== null ? null : tmdb !== null ? 'tmdb_only' : 'no_id'
  if (missing) context.truth.feature(`movie_${missing}`)
  context.truth.movie(movie, hash, missing)
  return {
    title,
    type: 'movie',
    size: sizeBytes(random, 0.7, 40),
    imdb,
    tmdb,
    season: null,
    episode: null,
    pack: false,
    fileTitle: random.chance(0.5) ? `${title.slice(0, 190)}.${random.pick(VIDEO_EXTENSIONS)}` : null,
  }
}

/** A torrent of unknown type (RD-cache placeholders): a film-like name, no ids. */
export const unknownRelease = (random: Random, movie: Movie): ReleaseFacts => ({
  title: titleLimit(releaseName(random, { name: movie.name, tag: '', year: movie.year })),
  type: 'unknown',
  size: random.chance(0.3) ? null : sizeBytes(random, 0.5, 30),
  imdb: null,
  tmdb: null,
  season: null,
  episode: null,
  pack: false,
  fileTitle: null,
})
