/**
 * Builds a small snapshot directory straight from the schema contract (runtime/db/schema.ts),
 * for switch and updater tests that do not need a real pg_dump import.
 */
import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { writeRankedTitles } from '../helpers/rank-tables.ts'
import {
  FILES_FILE,
  FILES_INDEXES_DDL,
  FILES_TABLES_DDL,
  MAIN_FILE,
  MAIN_INDEXES_DDL,
  MAIN_TABLES_DDL,
  META_KEYS,
} from '../../runtime/db/schema.ts'
import { storedFold } from '../../runtime/search/derive.ts'

export interface FakeSnapshotOptions {
  titles?: string[]
  /** Overrides written into snapshot_meta (to make validation fail on purpose). */
  meta?: Partial<Record<keyof typeof META_KEYS, string>>
}

export const makeSnapshotDirectory = (directory: string, tag: string, options: FakeSnapshotOptions = {}): string => {
  mkdirSync(directory, { recursive: true })
  const titles = options.titles ?? [`Fake.Movie.${tag}.1080p`, `Fake.Show.S01E01.${tag}`]
  const files = new Database(join(directory, FILES_FILE), { create: true })
  for (const ddl of [...FILES_TABLES_DDL, ...FILES_INDEXES_DDL]) files.run(ddl)
  files.run(`INSERT INTO files (torrent, file_index, title, size, imdb, season, episode) VALUES (1, 0, 'a.mkv', 1, NULL, 1, 1)`)
  const main = new Database(join(directory, MAIN_FILE), { create: true })
  for (const ddl of MAIN_TABLES_DDL) main.run(ddl)
  const insert = main.prepare(
    `INSERT INTO torrents (id, info_hash, title, provider, size, type, uploaded, seeders, complete, resolution, audio_ita, multi_audio, subs_ita, title_fold, provider_fold)
     VALUES (?, ?, ?, 'fake', 1000, 'movie', 1700000000, 5, 0, 0, 0, 0, 0, ?, NULL)`,
  )
  titles.forEach((title, index) => insert.run(index + 1, (index + 1).toString(16).padStart(40, '0'), title, storedFold(title)))
  for (const ddl of MAIN_INDEXES_DDL) main.run(ddl)
  writeRankedTitles(main, files)
  files.close()
  const meta = {
    tag,
    torrents: String(titles.length),
    files: '1',
    packFiles: '0',
    archiveVersion: '1.14.0',
    dumpVersion: '15.18',
    importedAt: new Date(0).toISOString(),
    ...options.meta,
  }
  const put = main.prepare('INSERT INTO snapshot_meta (key, value) VALUES (?, ?)')
  for (const [name, value] of Object.entries(meta)) put.run(META_KEYS[name as keyof typeof META_KEYS], value)
  main.close()
  return directory
}
