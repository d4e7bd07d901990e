/**
 * One `torrents` row in the upstream column order: the release facts a generator chose, plus the
 * bookkeeping columns (dates over 2009–2025, Zipf seeders with ~8% NULL, cache flags, to_check_id).
 */
import type { CopyValue } from './copy-text.ts'
import { timestampText } from './copy-text.ts'
import { uniqueHex16, weighted, type Random } from './random.ts'

/** The COPY column list: every torrents column except the generated title_vector. */
export const TORRENT_COPY_COLUMNS = [
  'info_hash',
  'provider',
  'title',
  'size',
  'type',
  'upload_date',
  'seeders',
  'created_at',
  'updated_at',
  'imdb_id',
  'cached_rd',
  'last_cached_check',
  'tmdb_id',
  'file_title',
  'file_index',
  'cached_tb',
  'last_cached_check_tb',
  'to_check_id',
  'is_torrent_pack',
  'contributor',
  'imdb_season',
  'imdb_episode',
  'lang_checked',
] as const

export interface ReleaseFacts {
  title: string
  type: 'movie' | 'series' | 'anime' | 'unknown'
  size: number | null
  imdb: string | null
  tmdb: number | null
  season: number | null
  episode: number | null
  pack: boolean
  /** The single video file of a one-file torrent, or null. */
  fileTitle: string | null
}

const GB = 1024 ** 3
const MIN_SIZE = 100e6
const MAX_SIZE = 80e9

/** A size in bytes, log-uniform between lo and hi GiB, clamped to 100 MB–80 GB; ~1.5% NULL. */
export const sizeBytes = (random: Random, loGiB: number, hiGiB: number): number | null => {
  if (random.chance(0.015)) return null
  return Math.round(Math.min(MAX_SIZE, Math.max(MIN_SIZE, random.logUniform(loGiB * GB, hiGiB * GB))))
}

const START = Date.UTC(2009, 0, 1)
const END = Date.UTC(2025, 11, 31, 23, 59, 59)

// More torrents are recent: u^0.6 leans towards the end of the range.
const uploadMicros = (random: Random): number => Math.floor(START + (END - START) * random.next() ** 0.6) * 1000 + random.int(1000)

/** Zipf-like (Pareto, alpha 0.9) seeders: many 0 and 1, a long tail clamped to smallint; ~8% NULL. */
export const seeders = (random: Random): number | null => {
  if (random.chance(0.08)) return null
  const u = 1 - random.next()
  return Math.min(32767, Math.floor(u ** (-1 / 0.9)) - 1)
}

const provider = {
  movie: weighted([
    ['ilcorsaronero', 40],
    ['Knaben (1337x)', 22],
    ['torrentgalaxy', 15],
    ['Knaben (ThePirateBay)', 12],
    ['TNTVillage', 6],
    ['rd_cache', 5],
  ] as const),
  series: weighted([
    ['ilcorsaronero', 45],
    ['Knaben (1337x)', 20],
    ['torrentgalaxy', 12],
    ['Knaben (ThePirateBay)', 10],
    ['TNTVillage', 8],
    ['rd_cache', 5],
  ] as const),
  anime: weighted([
    ['Knaben (Nyaa)', 55],
    ['ilcorsaronero', 25],
    ['Knaben (1337x)', 12],
    ['rd_cache', 8],
  ] as const),
  unknown: weighted([
    ['rd_cache', 90],
    ['Knaben (1337x)', 10],
  ] as const),
}
const toCheck = weighted([
  [1, 60],
  [2, 30],
  [0, 10],
] as const)
const cachedTb = weighted<boolean | null>([
  [null, 70],
  [false, 20],
  [true, 10],
])
const CONTRIBUTORS = ['marco_r', 'Giulia', 'tnt-archivio', 'anon', 'Luca\tB.']

/** A unique 40-hex info hash: 16 mixed hex digits from the torrent's index + 24 random ones. */
export const infoHash = (random: Random, index: number, salt: bigint): string => {
  const hash = uniqueHex16(index, salt) + random.hex(24)
  return random.chance(0.002) ? hash.toUpperCase() : hash
}

export const torrentValues = (random: Random, hash: string, facts: ReleaseFacts): CopyValue[] => {
  const uploaded = uploadMicros(random)
  const created = uploaded + random.int(3600) * 1000000
  const updated = Math.max(created, Math.min(END * 1000, created + (random.chance(0.3) ? random.int(400 * 86400) * 1000000 : 0)))
  const checked = random.chance(0.2) ? timestampText(updated) : null
  const tb = cachedTb(random)
  const pack = random.chance(0.05) ? null : facts.pack
  const oneFile = facts.fileTitle !== null
  return [
    hash,
    provider[facts.type](random),
    facts.title,
    facts.size,
    facts.type,
    timestampText(uploaded),
    seeders(random),
    timestampText(created),
    timestampText(updated),
    facts.imdb,
    random.chance(0.1),
    checked,
    facts.tmdb,
    facts.fileTitle,
    oneFile ? 0 : null,
    tb,
    tb === null ? null : timestampText(updated),
    toCheck(random),
    pack,
    random.chance(0.03) ? random.pick(CONTRIBUTORS) : null,
    facts.season,
    facts.episode,
    random.chance(0.15),
  ]
}
