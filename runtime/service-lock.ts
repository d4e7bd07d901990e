/**
 * A pid file in $DATA_DIR/state while the service runs, so a one-shot `import`/`check` never swaps a
 * snapshot under a running service (which would keep serving its open files with a stale record).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DataPaths } from './data-dir.ts'

const lockPath = (paths: DataPaths) => join(paths.state, 'service.pid')

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid of a live service using this data directory, or null (a stale file from a crash is ignored). */
export const runningService = (paths: DataPaths): number | null => {
  try {
    const pid = Number(readFileSync(lockPath(paths), 'utf8').trim())
    return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null
  } catch {
    return null
  }
}

/** Marks the data directory as served by this process; returns the release function. */
export const holdServiceLock = (paths: DataPaths): (() => void) => {
  writeFileSync(lockPath(paths), `${process.pid}\n`, { mode: 0o600 })
  return () => rmSync(lockPath(paths), { force: true })
}
