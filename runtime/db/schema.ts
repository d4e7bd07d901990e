/**
 * The snapshot database contract: what the importer writes and what search reads.
 * A snapshot is a directory holding two SQLite files built in parallel at import time:
 * `torrents.db` (torrents, pack_files, meta) and `files.db` (files, the title FTS), attached as `files_db`.
 * SQLite resolves unqualified table names across attached files, so queries just say `files`.
 */

export const MAIN_FILE = 'torrents.db'
export const FILES_FILE = 'files.db'
export const FILES_SCHEMA = 'files_db'

/** Columns of `torrents`, in insert order. `id` is the rowid: the row's place in the archive. */
export const TORRENT_COLUMNS = [
  'id',
  'info_hash', // lower-case
  'title', // exactly as stored upstream
  'provider',
  'size', // bytes or NULL
  'type', // movie | series | anime | unknown | …
  'uploaded', // upload_date as Unix seconds (the naive upstream timestamp is UTC)
  'seeders', // NULL when unknown
  'imdb', // numeric IMDb id (tt0111161 → 111161) or NULL
  'tmdb',
  'season', // upstream imdb_season
  'episode', // upstream imdb_episode
  // Derived once at import by deriveTorrent():
  'season_first',
  'season_last',
  'episode_first',
  'episode_last',
  'complete', // 1 when the title says complete series (every season)
  'resolution', // 0 unknown, 1 SD, 2 HD, 3 UHD
  'audio_ita', // Italian audio marker (not a subtitle marker)
  'multi_audio', // MULTI / DUAL marker
  'subs_ita', // Italian subtitle marker
  'languages', // comma-separated audio language names for the Torznab `language` attr, or NULL
  'subtitles', // comma-separated subtitle language names for the `subs` attr, or NULL
  'title_fold', // Unicode case-folded title, for custom rules; NULL when lower(title) is the same (runtime/search/derive.ts storedFold)
  'provider_fold', // the same for the provider
] as const

/**
 * A torrent's season/episode evidence, in this order: its own columns (upstream imdb_season and
 * imdb_episode), then the title's ranges (deriveTorrent). torrents holds it; linked_torrents copies it.
 */
export const EVIDENCE_COLUMNS = ['season', 'episode', 'season_first', 'season_last', 'episode_first', 'episode_last', 'complete'] as const
const EVIDENCE_DDL = EVIDENCE_COLUMNS.map((column) => `${column} INTEGER${column === 'complete' ? ' NOT NULL' : ''}`).join(',\n    ')

export const PACK_FILE_COLUMNS = ['pack_hash', 'imdb', 'file_index', 'file_path', 'file_size'] as const
export const FILE_COLUMNS = ['torrent', 'file_index', 'title', 'size', 'imdb', 'season', 'episode'] as const

export const MAIN_TABLES_DDL = [
  `CREATE TABLE torrents (
    id INTEGER PRIMARY KEY,
    info_hash TEXT NOT NULL,
    title TEXT NOT NULL,
    provider TEXT NOT NULL,
    size INTEGER,
    type TEXT NOT NULL,
    uploaded INTEGER NOT NULL,
    seeders INTEGER,
    imdb INTEGER,
    tmdb INTEGER,
    ${EVIDENCE_DDL},
    resolution INTEGER NOT NULL,
    audio_ita INTEGER NOT NULL,
    multi_audio INTEGER NOT NULL,
    subs_ita INTEGER NOT NULL,
    languages TEXT,
    subtitles TEXT,
    title_fold TEXT,
    provider_fold TEXT
  )`,
  `CREATE TABLE pack_files (
    pack_hash TEXT NOT NULL,
    imdb INTEGER,
    file_index INTEGER,
    file_path TEXT NOT NULL,
    file_size INTEGER
  )`,
  `CREATE TABLE snapshot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // The default result order (runtime/importer/rank-order.ts), rank → id; torrents_fts rowids are ranks.
  `CREATE TABLE torrent_rank (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL)`,
  // Each ranking the other way, id → rank, as one blob (a Uint32Array indexed by torrent id, in this
  // machine's byte order): id searches rank thousands of hits without fetching one row (runtime/search/rank-positions.ts).
  `CREATE TABLE rank_positions (ranking TEXT PRIMARY KEY, positions BLOB NOT NULL)`,
]

export const FILES_TABLES_DDL = [
  // Title search: a contentless FTS5 index of torrents.title (rowid = the torrent's rank), kept in files.db
  // so the files Worker fills it while this thread builds the torrents indexes (the import's long pole).
  // Search only asks it for rowids; the tokenizer folds case and accents (runtime/search/tokens.ts).
  // No per-row sizes (columnsize=0: they serve only ranking functions; 0.2 s of a 1M import), so the
  // table cannot be scanned: its row count is read from its own records (runtime/importer/validate.ts).
  `CREATE VIRTUAL TABLE torrents_fts USING fts5(title, content='', tokenize='unicode61 remove_diacritics 2', detail=none, columnsize=0)`,
  // The order of italian_preferred (runtime/search/rank.ts): its score, then the default order. Here
  // rather than beside torrent_rank in torrents.db: written by the Worker, it evens out the two threads.
  `CREATE TABLE torrent_rank_italian (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL)`,
  // A file names its torrent by id (torrents.id): the archive's info_hash, looked up at import
  // (runtime/importer/torrent-ids.ts); NULL when the archive holds no torrent with that hash.
  `CREATE TABLE files (
    torrent INTEGER,
    file_index INTEGER,
    title TEXT NOT NULL,
    size INTEGER,
    imdb INTEGER,
    season INTEGER,
    episode INTEGER
  )`,
  // Which seasons of which show a torrent's files hold, once per run of files rows (a pack lists its
  // ~10 episodes a season together; repeats only where the archive splits a torrent's files): a season
  // search reads 5,000 rows instead of 72,000 for a show with thousands of packs.
  `CREATE TABLE file_seasons (imdb INTEGER NOT NULL, season INTEGER NOT NULL, torrent INTEGER NOT NULL)`,
  // The same for files rows without an IMDb id of their own, under their torrent's id (packs whose
  // files upstream left unlabelled): a season search reads these packs of a show here instead of
  // probing the files of every pack the show has (a show of 30,000 torrents: 23 ms a season at 3M).
  `CREATE TABLE pack_seasons (imdb INTEGER NOT NULL, season INTEGER NOT NULL, torrent INTEGER NOT NULL)`,
  // The id crosswalk (runtime/importer/id-crosswalk.ts, docs/id-crosswalk.md), learned by the Worker
  // while it reads the titles (off the import's long pole, the torrents load): IMDb ↔ TMDB pairs that
  // no row contradicts, and the torrents an id search finds although they lack its id (only the TMDB
  // id of a pair, or no id but a name only that work's rows carry), under the ids they lack.
  `CREATE TABLE id_links (imdb INTEGER PRIMARY KEY, tmdb INTEGER NOT NULL)`,
  // With the row's season/episode evidence, as torrents has it (see torrents_imdb): episode searches
  // test linked rows on linked_torrents_imdb alone.
  `CREATE TABLE linked_torrents (
    imdb INTEGER,
    tmdb INTEGER,
    torrent INTEGER NOT NULL,
    ${EVIDENCE_DDL}
  )`,
]

/** Built after the bulk load (building them first makes the load ~6× slower). */
export const MAIN_INDEXES_DDL = [
  // t=get links and packs listed in pack_files find their torrent by hash.
  `CREATE INDEX torrents_info_hash ON torrents(info_hash)`,
  // Search indexes (runtime/search/sql.ts). torrents_recent is exactly the RSS order (newest first,
  // then info_hash) and carries type, so t=movie/tvsearch RSS pages and their capped count never
  // touch the table. torrents_imdb carries the season/episode evidence (and, like every index, the
  // id), so an episode or season search by id reads only the index, even for a show with thousands of torrents.
  `CREATE INDEX torrents_recent ON torrents(uploaded DESC, info_hash, type)`,
  // Partial: rows without the id are never looked up by it (10% and 57% of a generated catalogue).
  `CREATE INDEX torrents_imdb ON torrents(imdb, season, episode, season_first, season_last, episode_first, episode_last, complete) WHERE imdb IS NOT NULL`,
  `CREATE INDEX torrents_tmdb ON torrents(tmdb) WHERE tmdb IS NOT NULL`,
  `CREATE INDEX pack_files_imdb ON pack_files(imdb, pack_hash)`,
]

// Both cover what search reads from files (runtime/search/sql.ts), so episode and season lookups
// never fetch a files row: by show (imdb → torrent) and by torrent (torrent → season/episode/imdb).
// files_episode is partial: it is only ever asked for an id (files without one: ~9% generated).
export const FILES_INDEXES_DDL = [
  `CREATE INDEX files_episode ON files(imdb, season, episode, torrent) WHERE imdb IS NOT NULL`,
  `CREATE INDEX files_torrent ON files(torrent, season, episode, imdb)`,
  `CREATE INDEX file_seasons_show ON file_seasons(imdb, season, torrent)`,
  `CREATE INDEX pack_seasons_show ON pack_seasons(imdb, season, torrent)`,
  `CREATE INDEX id_links_tmdb ON id_links(tmdb, imdb)`,
  `CREATE INDEX linked_torrents_imdb ON linked_torrents(imdb, season, episode, season_first, season_last, episode_first, episode_last, complete, torrent) WHERE imdb IS NOT NULL`,
  `CREATE INDEX linked_torrents_tmdb ON linked_torrents(tmdb, torrent) WHERE tmdb IS NOT NULL`,
]

/**
 * The tables each file of a snapshot holds: the importer checks them once a file is built, the switch
 * before a snapshot serves, and openSnapshot refuses a snapshot without them (an older build's).
 */
export const SNAPSHOT_TABLES = {
  main: ['torrents', 'pack_files', 'snapshot_meta', 'torrent_rank', 'rank_positions'],
  files: ['files', 'torrents_fts', 'torrent_rank_italian', 'file_seasons', 'pack_seasons', 'id_links', 'linked_torrents'],
} as const

/** Keys of snapshot_meta written by the importer. */
export const META_KEYS = {
  tag: 'tag',
  archiveVersion: 'archive_version',
  dumpVersion: 'pg_dump_version',
  importedAt: 'imported_at',
  torrents: 'rows_torrents',
  files: 'rows_files',
  packFiles: 'rows_pack_files',
} as const
