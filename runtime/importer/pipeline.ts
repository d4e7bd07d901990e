/**
 * One import pipeline: the tables of one snapshot file, read from the archive file, bulk-loaded,
 * indexed and validated. One Worker runs it for torrents.db while another runs it for files.db.
 */
import type { Database } from 'bun:sqlite'
import { join } from 'node:path'
import {
  FILES_FILE,
  FILES_INDEXES_DDL,
  FILES_TABLES_DDL,
  MAIN_FILE,
  MAIN_INDEXES_DDL,
  MAIN_TABLES_DDL,
  SNAPSHOT_TABLES,
} from '../db/schema.ts'
import { IMPORT_TIMINGS } from '../env.ts'
import { copyColumns, type Archive, type TableRequest } from '../pgarchive/reader.ts'
import { BatchInsert, INDEX_CACHE_KIB, openBulkDatabase } from './batch-insert.ts'
import { GarbageBudget } from './garbage-budget.ts'
import { ImportError } from './import-error.ts'
import { derivedMappers, rowMappers, type LoadContext, type MappingFactory, type SourceTable, type TableMapping } from './row-mappers.ts'
import { readRankOrders, writeRankOf, writeRankPositions, writeRanks, type RankOrders } from './rank-order.ts'
import { TorrentIds } from './torrent-ids.ts'
import { TorrentShows } from './torrent-shows.ts'
import { validateSnapshotFile } from './validate.ts'

/** "main" is torrents.db (torrents, pack_files, meta); "files" is files.db (files, the title FTS). */
export type PipelinePart = 'main' | 'files'
export type PipelinePhase = 'importing' | 'indexing' | 'validating'

/** A statement, or a step that needs the rank orders, run in turn after the bulk load. */
type BuildStep = string | ((part: OpenPart, hooks: PipelineHooks) => Promise<void>)

interface PartSpec {
  file: string
  tablesDdl: readonly string[]
  steps: readonly BuildStep[]
  /**
   * Upstream table → the mapping that loads it into this file, read in this order (the archive is
   * a file, so a block may be read after one that follows it); `counted` is where its rows end up.
   */
  loads: readonly { source: SourceTable; mapping: MappingFactory; counted?: string }[]
  /** Objects that must exist once the part is built. */
  objects: readonly string[]
}

// Titles reach torrents_fts through a TEMP table and one INSERT…SELECT: ~1.9 s for 1M titles,
// against ~3.5 s for the same rows bound straight into the FTS table 50 at a time.
const TITLES_STAGING_DDL = 'CREATE TEMP TABLE torrent_titles (title TEXT NOT NULL)'
// FTS rowids are ranks, inserted in ascending order as FTS5 needs to append: the order comes from the
// torrents load (the other thread) into a TEMP table id → rank, then SQLite's sorter orders the titles
// by rank (~0.8 s at 1M, against ~8 s of random reads), after the files indexes so the order has arrived.
const RANK_OF_DDL = 'CREATE TEMP TABLE torrent_rank_of (id INTEGER PRIMARY KEY, rank INTEGER NOT NULL)'
const TITLES_FTS_FILL: BuildStep[] = [
  async ({ db }, hooks) => {
    if (!hooks.rankOrder) throw new Error('files.db is built without the rank order of the torrents')
    const orders = await hooks.rankOrder()
    db.run('BEGIN')
    writeRanks(db, 'torrent_rank_italian', orders.italian)
    writeRankOf(db, 'temp.torrent_rank_of', orders.byDefault)
    db.run('COMMIT')
  },
  // FTS5 keeps the new index in memory up to `hashsize` (1 MB by default) and then writes a segment:
  // 64 MB holds a million titles whole, so the index is written as one segment instead of several to
  // merge. A title search then reads each word from one segment (~20% faster, measured at 1M), for
  // ~14 MB more while the index fills and no more time.
  `INSERT INTO torrents_fts(torrents_fts, rank) VALUES('hashsize', ${64 * 1024 * 1024})`,
  'INSERT INTO torrents_fts(rowid, title) SELECT r.rank, t.title FROM temp.torrent_titles t JOIN temp.torrent_rank_of r ON r.id = t.rowid ORDER BY r.rank',
  'DROP TABLE temp.torrent_titles',
  'DROP TABLE temp.torrent_rank_of',
]

// torrent_rank and both rankings' positions, written as soon as the torrents are in, then both orders
// go to the files.db pipeline: its title index is numbered by the default one, and torrent_rank_italian
// written there keeps the two threads' work about even.
const RANK_TABLES: BuildStep = async ({ db }, hooks) => {
  const orders = readRankOrders(db)
  db.run('BEGIN')
  writeRanks(db, 'torrent_rank', orders.byDefault)
  writeRankPositions(db, { torrent_rank: orders.byDefault, torrent_rank_italian: orders.italian })
  db.run('COMMIT')
  hooks.onRankOrder?.(orders)
}

const PARTS: Record<PipelinePart, PartSpec> = {
  main: {
    file: MAIN_FILE,
    tablesDdl: MAIN_TABLES_DDL,
    steps: [RANK_TABLES, ...MAIN_INDEXES_DDL],
    loads: [
      { source: 'torrents', mapping: rowMappers.torrents },
      { source: 'pack_files', mapping: rowMappers.pack_files },
    ],
    objects: SNAPSHOT_TABLES.main,
  },
  // The Worker's side also indexes the torrent titles, which balances the two sides (~11 s each at
  // 1M). The titles load comes first: it gives every hash its torrent id, which the files rows store.
  files: {
    file: FILES_FILE,
    tablesDdl: [...FILES_TABLES_DDL, TITLES_STAGING_DDL, RANK_OF_DDL],
    steps: [...FILES_INDEXES_DDL, ...TITLES_FTS_FILL],
    loads: [
      { source: 'torrents', mapping: derivedMappers.torrent_titles, counted: 'torrents_fts' },
      { source: 'files', mapping: rowMappers.files },
    ],
    objects: SNAPSHOT_TABLES.files,
  },
}

export interface PipelineHooks {
  /** About every MiB of archive read: may report progress, yield, or throw to stop. */
  onAdvance?(rows: number): void | Promise<void>
  /** Each phase start, with the rows loaded so far (all of them from "indexing" on). */
  onPhase?(phase: PipelinePhase, rows: number): void | Promise<void>
  /** Sorter helper threads for the next index build (PRAGMA threads); asked before each one. */
  indexThreads?(): number
  /** torrents.db: the torrents load's rank orders once torrent_rank is written, for the Worker building files.db. */
  onRankOrder?(orders: RankOrders): void
  /** files.db: where the orders arrive. */
  rankOrder?(): Promise<RankOrders>
}

/** Rows loaded per snapshot table (torrents, files, pack_files, torrents_fts). */
export type TableCounts = Partial<Record<string, number>>

const timingsOn = IMPORT_TIMINGS
const timer = (label: string): (() => void) => {
  const started = performance.now()
  return () => {
    if (!timingsOn) return
    // rss is the whole process; heap and buffers this thread's.
    const { rss, heapTotal, arrayBuffers } = process.memoryUsage()
    const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`
    console.error(
      `[import ${label}] ${((performance.now() - started) / 1000).toFixed(2)} s, rss ${mb(rss)}, heap ${mb(heapTotal)}, buffers ${mb(arrayBuffers)}`,
    )
  }
}

interface OpenPart {
  spec: PartSpec
  db: Database
  loads: { table: string; insert: BatchInsert; request: TableRequest; finish?: TableMapping['finish']; release?: TableMapping['release'] }[]
}

/** Finalizes every load's statements, and those a mapping holds beside (a no-op once done). */
const releaseLoads = (loads: OpenPart['loads']): void => {
  for (const load of loads) {
    load.insert.finalize()
    load.release?.()
  }
}

/** The archive's data of `source`, or an ImportError naming the table. */
const tableOf = (archive: Archive, source: SourceTable) => {
  const table = archive.findTable('public', source)
  if (!table) throw new ImportError(`archive has no data for table public.${source}`)
  return table
}

/**
 * Refuses an archive that lacks a table or a column some pipeline needs, in pipeline order, before
 * any starts: the pipelines run side by side, so the first of their own refusals would be a race.
 */
export const checkArchiveTables = (archive: Archive): void => {
  for (const spec of Object.values(PARTS)) for (const load of spec.loads) load.mapping(copyColumns(tableOf(archive, load.source)))
}

const openPart = (archive: Archive, directory: string, spec: PartSpec): OpenPart => {
  const db = openBulkDatabase(join(directory, spec.file), spec.tablesDdl)
  const loads: OpenPart['loads'] = []
  const part: OpenPart = { spec, db, loads }
  const context: LoadContext = { torrentIds: new TorrentIds(), torrentShows: new TorrentShows(), db }
  try {
    for (const load of spec.loads) {
      const table = tableOf(archive, load.source)
      const mapping = load.mapping(copyColumns(table), context)
      const insert = new BatchInsert(db, mapping.target, mapping.columns)
      const request: TableRequest = {
        table,
        pick: mapping.sourceColumns,
        onRow: (row) => {
          mapping.map(row, insert.values, insert.offset, insert.rows + 1)
          insert.advance()
        },
      }
      loads.push({ table: load.counted ?? mapping.target, insert, request, finish: mapping.finish, release: mapping.release })
    }
    return part
  } catch (error) {
    releaseLoads(loads)
    db.close()
    throw error
  }
}

// Progress counts snapshot rows: the title index (torrents_fts) repeats the torrents rows.
const isCopy = (load: OpenPart['loads'][number]): boolean => load.table === load.request.table.name

const insertedRows = (part: OpenPart): number => part.loads.reduce((sum, load) => sum + (isCopy(load) ? load.insert.rows : 0), 0)

/** Bulk-loads every table of the part in its order, in one transaction; returns rows per table. */
const loadTables = async (archive: Archive, part: OpenPart, hooks: PipelineHooks): Promise<TableCounts> => {
  const counts: TableCounts = {}
  const garbage = new GarbageBudget()
  part.db.run('BEGIN')
  for (const load of part.loads) {
    const [result] = await archive.read([load.request], () => {
      garbage.check()
      return hooks.onAdvance?.(insertedRows(part))
    })
    load.insert.flush()
    load.insert.finalize()
    if (load.finish) {
      // The rows' garbage goes before a finish builds what it learned (the crosswalk's rows, at the
      // files.db pipeline's peak), not beside it.
      Bun.gc(true)
      const finished = timer(`${load.table} finish`)
      load.finish(part.db)
      finished()
    }
    counts[load.table] = result?.rows ?? 0
    // The mapping's state (the torrent ids by hash once no load reads them: tens of MB) and the
    // table's decoded rows go before the next table and the index builds (~20 ms a table).
    load.request.onRow = undefined
    load.finish = undefined
    Bun.gc(true)
  }
  part.db.run('COMMIT')
  return counts
}

/** Loads, indexes and validates one snapshot file (`partName`) from `archive` into `directory`. */
export const runPipeline = async (
  archive: Archive,
  directory: string,
  partName: PipelinePart,
  hooks: PipelineHooks = {},
): Promise<TableCounts> => {
  const part = openPart(archive, directory, PARTS[partName])
  try {
    await hooks.onPhase?.('importing', 0)
    const loaded = timer(`${partName} load`)
    const counts = await loadTables(archive, part, hooks)
    loaded()
    await hooks.onPhase?.('indexing', insertedRows(part))
    part.db.run(`PRAGMA cache_size = -${INDEX_CACHE_KIB}`)
    for (const step of part.spec.steps) {
      part.db.run(`PRAGMA threads = ${hooks.indexThreads?.() ?? 0}`)
      const built = timer(typeof step === 'string' ? step.slice(0, 48) : 'rank tables')
      if (typeof step === 'string') part.db.run(step)
      else {
        await step(part, hooks)
        // The orders' copies and positions (~20 bytes a torrent) go before the next step's sort.
        Bun.gc(true)
      }
      built()
      await hooks.onAdvance?.(insertedRows(part))
    }
    await hooks.onPhase?.('validating', insertedRows(part))
    const validated = timer(`${partName} validate`)
    validateSnapshotFile(part.db, part.spec.file, part.spec.objects, counts as Record<string, number>)
    validated()
    return counts
  } finally {
    releaseLoads(part.loads)
    part.db.close()
  }
}
