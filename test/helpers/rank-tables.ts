/**
 * What the importer derives from the torrents (runtime/importer/rank-order.ts), written for hand-built
 * test snapshots from SQLite's own ORDER BY: torrent_rank and both rankings' positions in torrents.db,
 * the title index of files.db numbered by rank and torrent_rank_italian beside it; and file_seasons.
 */
import type { Database } from 'bun:sqlite'
import { writeRankPositions } from '../../runtime/importer/rank-order.ts'
import { indexedTitle } from '../../runtime/search/indexed-title.ts'
import { ITALIAN_PREFERRED } from '../../runtime/search/rank.ts'

/** The default result order as SQL states it (search.ts RANKED_ORDER with a zero score). */
export const RANK_ORDER_SQL = 'SELECT id, title FROM torrents ORDER BY seeders DESC, uploaded DESC, info_hash, id'
const ITALIAN_ORDER_SQL = `SELECT id FROM torrents t ORDER BY (${ITALIAN_PREFERRED.sql}) DESC, seeders DESC, uploaded DESC, info_hash, id`

export const writeRankedTitles = (main: Database, files: Database): void => {
  const rows = main.query(RANK_ORDER_SQL).values() as Array<[number, string]>
  const italianIds = main.query(ITALIAN_ORDER_SQL).values() as Array<[number]>
  const byRank = main.prepare('INSERT INTO torrent_rank (rank, id) VALUES (?, ?)')
  main.transaction(() => rows.forEach(([id], index) => byRank.run(index + 1, id)))()
  const title = files.prepare('INSERT INTO torrents_fts (rowid, title) VALUES (?, ?)')
  const italian = files.prepare('INSERT INTO torrent_rank_italian (rank, id) VALUES (?, ?)')
  files.transaction(() => {
    rows.forEach(([, text], index) => title.run(index + 1, indexedTitle(text)))
    italianIds.forEach(([id], index) => italian.run(index + 1, id))
  })()
  for (const statement of [byRank, italian, title]) statement.finalize()
  const ids = (order: Array<[number, ...unknown[]]>) => Uint32Array.from(order, ([id]) => id)
  writeRankPositions(main, { torrent_rank: ids(rows), torrent_rank_italian: ids(italianIds) })
}

/**
 * file_seasons and pack_seasons as the importer fills them (runtime/importer/file-seasons.ts): each
 * torrent, show and season of the files once; files rows without an id under their torrent's (from `main`).
 */
export const writeFileSeasons = (main: Database, files: Database): void => {
  files.run(
    'INSERT INTO file_seasons (torrent, imdb, season) SELECT DISTINCT torrent, imdb, season FROM files WHERE torrent IS NOT NULL AND imdb IS NOT NULL AND season IS NOT NULL',
  )
  files.run('CREATE TEMP TABLE torrent_shows (id INTEGER PRIMARY KEY, imdb INTEGER NOT NULL)')
  const show = files.prepare('INSERT INTO temp.torrent_shows (id, imdb) VALUES (?, ?)')
  const shows = main.query('SELECT id, imdb FROM torrents WHERE imdb IS NOT NULL').values() as Array<[number, number]>
  files.transaction(() => shows.forEach((row) => show.run(...row)))()
  show.finalize()
  files.run(
    'INSERT INTO pack_seasons (torrent, imdb, season) SELECT DISTINCT f.torrent, t.imdb, f.season FROM files f JOIN temp.torrent_shows t ON t.id = f.torrent WHERE f.imdb IS NULL AND f.season IS NOT NULL',
  )
  files.run('DROP TABLE temp.torrent_shows')
}
