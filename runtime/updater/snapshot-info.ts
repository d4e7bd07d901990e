/**
 * What the dashboard shows about the installed snapshot: rows, size on disk, when and from where it
 * was installed. Counts come from the snapshot's own snapshot_meta rows (written by the import).
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { DataPaths } from '../data-dir.ts'
import type { SnapshotDatabase } from '../db/database.ts'
import { META_KEYS } from '../db/schema.ts'
import { readInstalled, type SnapshotOrigin } from './installed.ts'

export interface SnapshotInfo {
  tag: string | null
  installed_at: string | null
  origin: SnapshotOrigin | null
  size_bytes: number | null
  rows: { torrents: number; files: number; pack_files: number } | null
  imported_at: string | null
}

const directorySize = (directory: string): number | null => {
  try {
    return readdirSync(directory).reduce((sum, name) => sum + statSync(join(directory, name)).size, 0)
  } catch {
    return null
  }
}

const metaValues = (database: SnapshotDatabase): Map<string, string> => {
  try {
    const rows = database.db?.query('SELECT key, value FROM snapshot_meta').all() as { key: string; value: string }[] | undefined
    return new Map((rows ?? []).map((row) => [row.key, row.value]))
  } catch {
    return new Map()
  }
}

export const snapshotInfo = (paths: DataPaths, database: SnapshotDatabase): SnapshotInfo => {
  const current = database.current
  if (!current) return { tag: null, installed_at: null, origin: null, size_bytes: null, rows: null, imported_at: null }
  const record = readInstalled(paths)
  const meta = metaValues(database)
  const count = (key: string) => Number(meta.get(key) ?? Number.NaN)
  const torrents = count(META_KEYS.torrents)
  return {
    tag: current.tag,
    installed_at: record?.tag === current.tag ? record.installed_at : null,
    origin: record?.tag === current.tag ? (record.origin ?? null) : null,
    size_bytes: directorySize(current.directory),
    rows: Number.isFinite(torrents) ? { torrents, files: count(META_KEYS.files), pack_files: count(META_KEYS.packFiles) } : null,
    imported_at: meta.get(META_KEYS.importedAt) ?? null,
  }
}
