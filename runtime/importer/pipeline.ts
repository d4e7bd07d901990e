/**
 * One import pipeline: the tables of one or both snapshot files, read from one archive in TOC order,
 * bulk-loaded, indexed and validated. The Worker runs it for files.db while the caller runs torrents.db.
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
} from '../db/schema.ts'
import { copyColumns, type Archive, type CopyRow, type TableRequest } from '../pgarchive/reader.ts'
import { BatchInsert, openBulkDatabase } from './batch-insert.ts'
import { ImportError } from './import-error.ts'
import { derivedMappers, rowMappers, type SourceTable, type TableMapping } from './row-mappers.ts'
import { writeRankTables } from './rank-order.ts'
import { validateSnapshotFile } from './validate.ts'

/** "main" is torrents.db (torrents, pack_files, meta); "files" is files.db (files, the title FTS). */
export type PipelinePart = 'main' | 'files'
export type PipelinePhase = 'importing' | 'indexing' | 'validating'

/** Passes the default result order (runtime/importer/rank-order.ts) from the torrents load to files.db. */
interface RankHandoff {
  publish(ids: Uint32Array): void
  order(): Promise<Uint32Array>
}

/** A statement, or a step that needs the rank order, run in turn after the bulk load. */
type BuildStep = string | ((db: Database, rank: RankHandoff) => Promise<void>)

interface PartSpec {
  file: string
  tablesDdl: readonly string[]
  steps: readonly BuildStep[]
  /** Upstream table → the mapping that loads it into this file; `counted` is where its rows end up. */
  loads: readonly { source: SourceTable; mapping: (columns: readonly string[], publishOrder: (ids: Uint32Array) => void) => TableMapping; counted?: string }[]
  /** Objects that must exist once the part is built. */
  objects: readonly string[]
}

// Titles reach torrents_fts through a TEMP table and one INSERT…SELECT: ~1.9 s for 1M titles,
// against ~3.5 s for the same rows bound straight into the FTS table 50 at a time.
const TITLES_STAGING_DDL = 'CREATE TEMP TABLE torrent_titles (title TEXT NOT NULL)'
// FTS rowids are ranks, inserted in ascending order as FTS5 needs to append: the order comes from the
// torrents load (the other thread), then SQLite's sorter orders the titles by rank (~0.8 s at 1M,
// against ~8 s of random reads), after the files indexes so the order has arrived by then.
const TITLES_FTS_FILL: BuildStep[] = [
  async (db, rank) => {
    db.run('BEGIN')
    writeRankTables(db, await rank.order())
    db.run('COMMIT')
  },
  'INSERT INTO torrents_fts(rowid, title) SELECT r.rank, t.title FROM temp.torrent_titles t JOIN torrent_rank_of r ON r.id = t.rowid ORDER BY r.rank',
  'DROP TABLE temp.torrent_titles',
]

const PARTS: Record<PipelinePart, PartSpec> = {
  main: {
    file: MAIN_FILE,
    tablesDdl: MAIN_TABLES_DDL,
    steps: MAIN_INDEXES_DDL,
    loads: [
      { source: 'torrents', mapping: rowMappers.torrents },
      { source: 'pack_files', mapping: rowMappers.pack_files },
    ],
    objects: ['torrents', 'pack_files', 'snapshot_meta'],
  },
  // The Worker's side also indexes the torrent titles: the torrents side is the long pole.
  files: {
    file: FILES_FILE,
    tablesDdl: [...FILES_TABLES_DDL, TITLES_STAGING_DDL],
    steps: [...FILES_INDEXES_DDL, ...TITLES_FTS_FILL],
    loads: [
      { source: 'files', mapping: rowMappers.files },
      { source: 'torrents', mapping: derivedMappers.torrent_titles, counted: 'torrents_fts' },
    ],
    objects: ['files', 'torrents_fts', 'torrent_rank', 'torrent_rank_of'],
  },
}

export interface PipelineHooks {
  /** About every MiB of archive read: may report progress, yield, or throw to stop. */
  onAdvance?(rows: number): void | Promise<void>
  /** Each phase start, with the rows loaded so far (all of them from "indexing" on). */
  onPhase?(phase: PipelinePhase, rows: number): void | Promise<void>
  /** Sorter helper threads for the next index build (PRAGMA threads); asked before each one. */
  indexThreads?(): number
  /** The torrents load's rank order, for a Worker building files.db (sendRankOrder on the other side). */
  onRankOrder?(ids: Uint32Array): void
  /** files.db built without torrents.db in the same pipeline: where its rank order arrives. */
  rankOrder?(): Promise<Uint32Array>
}

/** Rows loaded per snapshot table (torrents, files, pack_files, torrents_fts). */
export type TableCounts = Partial<Record<string, number>>

// ICVDB_IMPORT_TIMINGS=1 prints each phase's seconds to stderr (benchmarks only; off by default).
const timingsOn = process.env.ICVDB_IMPORT_TIMINGS === '1'
const timer = (label: string): (() => void) => {
  const started = performance.now()
  return () => {
    if (timingsOn) console.error(`[import ${label}] ${((performance.now() - started) / 1000).toFixed(2)} s, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`)
  }
}

interface OpenPart {
  spec: PartSpec
  db: Database
  loads: { table: string; insert: BatchInsert; request: TableRequest; finish?: TableMapping['finish'] }[]
}

/** Within one pipeline the order goes straight from the torrents load to files.db; else through the hooks. */
const rankHandoff = (hooks: PipelineHooks): RankHandoff => {
  let deliver = (_ids: Uint32Array): void => {}
  const local = new Promise<Uint32Array>((resolve) => (deliver = resolve))
  return {
    publish(ids) {
      deliver(ids)
      hooks.onRankOrder?.(ids)
    },
    order: () => hooks.rankOrder?.() ?? local,
  }
}

const openPart = (archive: Archive, directory: string, spec: PartSpec, rank: RankHandoff): OpenPart => {
  const db = openBulkDatabase(join(directory, spec.file), spec.tablesDdl)
  const loads: OpenPart['loads'] = []
  try {
    for (const load of spec.loads) {
      const table = archive.findTable('public', load.source)
      if (!table) throw new ImportError(`archive has no data for table public.${load.source}`)
      const mapping = load.mapping(copyColumns(table), rank.publish)
      const insert = new BatchInsert(db, mapping.target, mapping.columns)
      const request: TableRequest = {
        table,
        pick: mapping.sourceColumns,
        onRow: (row) => {
          mapping.map(row, insert.values, insert.offset, insert.rows + 1)
          insert.advance()
        },
      }
      loads.push({ table: load.counted ?? mapping.target, insert, request, finish: mapping.finish })
    }
    return { spec, db, loads }
  } catch (error) {
    for (const load of loads) load.insert.finalize()
    db.close()
    throw error
  }
}

/** A row sink that hands `sink` the fields of `pick`, cut out of rows delivered in `delivered` order. */
const repicked = (sink: (row: CopyRow) => void, pick: readonly string[], delivered: readonly string[], table: string): ((row: CopyRow) => void) => {
  const positions = pick.map((column) => delivered.indexOf(column))
  if (positions.some((position) => position < 0)) throw new Error(`two loads of ${table} need columns the first does not read`)
  return (row) => sink(positions.map((position) => row[position]))
}

/**
 * One request per archive table: when one pipeline builds both files, torrents and torrents_fts
 * share the decoded torrents rows (the title load gets its column cut out of each row).
 */
const tableRequests = (parts: OpenPart[]): TableRequest[] => {
  const requests = new Map<TableRequest['table'], TableRequest>()
  for (const { request } of parts.flatMap((part) => part.loads)) {
    const shared = requests.get(request.table)
    if (!shared) {
      requests.set(request.table, { ...request })
      continue
    }
    const first = shared.onRow as (row: CopyRow) => void
    const second = repicked(request.onRow as (row: CopyRow) => void, request.pick ?? [], shared.pick ?? [], request.table.name)
    shared.onRow = (row) => {
      first(row)
      second(row)
    }
  }
  return [...requests.values()]
}

// Progress counts snapshot rows: the title index (torrents_fts) repeats the torrents rows.
const isCopy = (load: OpenPart['loads'][number]): boolean => load.table === load.request.table.name

const insertedRows = (parts: OpenPart[]): number =>
  parts.reduce((sum, part) => sum + part.loads.reduce((partSum, load) => partSum + (isCopy(load) ? load.insert.rows : 0), 0), 0)

/** Loads, indexes and validates `parts` from `archive` into `directory`; returns rows per table. */
export const runPipeline = async (archive: Archive, directory: string, partNames: readonly PipelinePart[], hooks: PipelineHooks = {}): Promise<TableCounts> => {
  const parts: OpenPart[] = []
  const rank = rankHandoff(hooks)
  try {
    for (const name of partNames) parts.push(openPart(archive, directory, PARTS[name], rank))
    await hooks.onPhase?.('importing', 0)
    for (const part of parts) part.db.run('BEGIN')
    const loaded = timer(`${partNames.join('+')} load`)
    const results = await archive.read(
      tableRequests(parts),
      () => hooks.onAdvance?.(insertedRows(parts)),
    )
    const counts: TableCounts = {}
    for (const part of parts) {
      for (const load of part.loads) {
        load.insert.flush()
        load.insert.finalize()
        load.finish?.(part.db)
        counts[load.table] = results.find((result) => result.table === load.request.table)?.rows ?? 0
      }
      part.db.run('COMMIT')
    }
    loaded()
    // The load's garbage (decoded rows, the rank keys) goes before the index sorts take their memory.
    Bun.gc(true)
    await hooks.onPhase?.('indexing', insertedRows(parts))
    for (const part of parts) {
      for (const step of part.spec.steps) {
        part.db.run(`PRAGMA threads = ${hooks.indexThreads?.() ?? 0}`)
        const built = timer(typeof step === 'string' ? step.slice(0, 48) : 'rank tables')
        if (typeof step === 'string') part.db.run(step)
        else await step(part.db, rank)
        built()
        await hooks.onAdvance?.(insertedRows(parts))
      }
    }
    await hooks.onPhase?.('validating', insertedRows(parts))
    const validated = timer(`${partNames.join('+')} validate`)
    for (const part of parts) {
      const expected = Object.fromEntries(part.loads.map((load) => [load.table, counts[load.table] as number]))
      validateSnapshotFile(part.db, part.spec.file, part.spec.objects, expected)
    }
    validated()
    return counts
  } finally {
    for (const part of parts) {
      for (const load of part.loads) load.insert.finalize()
      part.db.close()
    }
  }
}
