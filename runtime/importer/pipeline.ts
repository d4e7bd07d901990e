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
import { copyColumns, type Archive, type TableRequest } from '../pgarchive/reader.ts'
import { BatchInsert, openBulkDatabase } from './batch-insert.ts'
import { ImportError } from './import-error.ts'
import { rowMappers, type SourceTable } from './row-mappers.ts'
import { validateSnapshotFile } from './validate.ts'

/** "main" is torrents.db (torrents, pack_files, FTS, meta); "files" is files.db. */
export type PipelinePart = 'main' | 'files'
export type PipelinePhase = 'importing' | 'indexing' | 'validating'

interface PartSpec {
  file: string
  tablesDdl: readonly string[]
  indexesDdl: readonly string[]
  sources: readonly SourceTable[]
  /** Objects that must exist once the part is built. */
  objects: readonly string[]
}

const PARTS: Record<PipelinePart, PartSpec> = {
  main: {
    file: MAIN_FILE,
    tablesDdl: MAIN_TABLES_DDL,
    indexesDdl: MAIN_INDEXES_DDL,
    sources: ['torrents', 'pack_files'],
    objects: ['torrents', 'pack_files', 'snapshot_meta', 'torrents_fts'],
  },
  files: { file: FILES_FILE, tablesDdl: FILES_TABLES_DDL, indexesDdl: FILES_INDEXES_DDL, sources: ['files'], objects: ['files'] },
}

export interface PipelineHooks {
  /** About every MiB of archive read: may report progress, yield, or throw to stop. */
  onAdvance?(rows: number): void | Promise<void>
  /** Each phase start, with the rows loaded so far (all of them from "indexing" on). */
  onPhase?(phase: PipelinePhase, rows: number): void | Promise<void>
  /** Sorter helper threads for the next index build (PRAGMA threads); asked before each one. */
  indexThreads?(): number
}

export type TableCounts = Partial<Record<SourceTable, number>>

interface OpenPart {
  spec: PartSpec
  db: Database
  loads: { table: SourceTable; insert: BatchInsert; request: TableRequest }[]
}

const openPart = (archive: Archive, directory: string, spec: PartSpec): OpenPart => {
  const db = openBulkDatabase(join(directory, spec.file), spec.tablesDdl)
  const loads: OpenPart['loads'] = []
  try {
    for (const source of spec.sources) {
      const table = archive.findTable('public', source)
      if (!table) throw new ImportError(`archive has no data for table public.${source}`)
      const mapping = rowMappers[source](copyColumns(table))
      const insert = new BatchInsert(db, mapping.target, mapping.columns)
      const request: TableRequest = {
        table,
        pick: mapping.sourceColumns,
        onRow: (row) => {
          mapping.map(row, insert.values, insert.offset, insert.rows + 1)
          insert.advance()
        },
      }
      loads.push({ table: source, insert, request })
    }
    return { spec, db, loads }
  } catch (error) {
    for (const load of loads) load.insert.finalize()
    db.close()
    throw error
  }
}

const insertedRows = (parts: OpenPart[]): number =>
  parts.reduce((sum, part) => sum + part.loads.reduce((partSum, load) => partSum + load.insert.rows, 0), 0)

/** Loads, indexes and validates `parts` from `archive` into `directory`; returns rows per table. */
export const runPipeline = async (archive: Archive, directory: string, partNames: readonly PipelinePart[], hooks: PipelineHooks = {}): Promise<TableCounts> => {
  const parts: OpenPart[] = []
  try {
    for (const name of partNames) parts.push(openPart(archive, directory, PARTS[name]))
    await hooks.onPhase?.('importing', 0)
    for (const part of parts) part.db.run('BEGIN')
    const results = await archive.read(
      parts.flatMap((part) => part.loads.map((load) => load.request)),
      () => hooks.onAdvance?.(insertedRows(parts)),
    )
    const counts: TableCounts = {}
    for (const part of parts) {
      for (const load of part.loads) {
        load.insert.flush()
        load.insert.finalize()
        counts[load.table] = results.find((result) => result.table === load.request.table)?.rows ?? 0
      }
      part.db.run('COMMIT')
    }
    await hooks.onPhase?.('indexing', insertedRows(parts))
    for (const part of parts) {
      for (const ddl of part.spec.indexesDdl) {
        part.db.run(`PRAGMA threads = ${hooks.indexThreads?.() ?? 0}`)
        part.db.run(ddl)
        await hooks.onAdvance?.(insertedRows(parts))
      }
    }
    await hooks.onPhase?.('validating', insertedRows(parts))
    for (const part of parts) {
      const expected = Object.fromEntries(part.loads.map((load) => [load.table, counts[load.table] as number]))
      validateSnapshotFile(part.db, part.spec.file, part.spec.objects, expected)
    }
    return counts
  } finally {
    for (const part of parts) {
      for (const load of part.loads) load.insert.finalize()
      part.db.close()
    }
  }
}
