/**
 * What a command needs before the context exists, each failure as one line (issue 15): the data
 * directory usable (or read-only with a snapshot to serve), the lock taken, the port bound.
 */
import { dataPaths, prepareDataDir } from './data-dir.ts'
import { StartupError } from './errors.ts'
import type { RuntimeEnv } from './env.ts'
import { holdDataDirLock, LockHeldError } from './service-lock.ts'
import { readInstalled } from './updater/installed.ts'

export type DataDirCommand = 'serve' | 'import' | 'check'

export interface OpenDataDir {
  writable: boolean
  release(): void
}

const heldMessage = (error: LockHeldError, dataDir: string): string => {
  const { pid, command } = error.holder
  const who = pid > 0 ? `${command === 'serve' ? 'a service' : `an icvdb-indexer ${command}`} (pid ${pid})` : 'another icvdb-indexer'
  return `${who} is already running on ${dataDir}; stop it first, or use "Check now" in the UI`
}

/** Prepares $DATA_DIR and takes its lock; a read-only one is only good for serving an installed snapshot. */
export const openDataDir = async (env: RuntimeEnv, command: DataDirCommand): Promise<OpenDataDir> => {
  const paths = dataPaths(env.dataDir)
  const { writable } = prepareDataDir(paths)
  if (!writable) {
    if (command !== 'serve')
      throw new StartupError(`the data directory ${env.dataDir} is read-only: ${command} needs to write there; make it writable`)
    if (readInstalled(paths) === null) {
      throw new StartupError(
        `the data directory ${env.dataDir} is read-only and holds no installed snapshot: make it writable so one can be installed`,
      )
    }
    // Nothing is written, so nothing needs the lock (and a read-only directory cannot hold its socket).
    return { writable, release: () => {} }
  }
  try {
    return { writable, release: await holdDataDirLock(paths, command) }
  } catch (error) {
    if (error instanceof LockHeldError) throw new StartupError(heldMessage(error, env.dataDir))
    throw error
  }
}

/** Bun.serve's failure to listen as the line the user needs. */
export const listenFailure = (error: unknown, env: RuntimeEnv): StartupError => {
  const code = (error as NodeJS.ErrnoException).code
  const where = `${env.host}:${env.port}`
  if (code === 'EADDRINUSE')
    return new StartupError(
      `port ${env.port} is already in use on ${env.host}: stop the program using it, or choose another port with PORT or --port`,
    )
  if (code === 'EACCES' || code === 'EPERM')
    return new StartupError(`cannot listen on ${where} (permission denied): use a port above 1023, or give this user the right to bind it`)
  // Bun answers a host name it cannot resolve, or an address that is no address (999.1.1.1), with
  // odd codes (ENOENT, EEXIST, EINVAL): each means the same to the user.
  if (code === 'EADDRNOTAVAIL' || code === 'ENOENT' || code === 'EEXIST' || code === 'EINVAL' || code === 'ENOTFOUND')
    return new StartupError(
      `cannot listen on ${where}: ${env.host} is not an address of this machine; set HOST or --host to one of its addresses (0.0.0.0 for all)`,
    )
  return new StartupError(
    `cannot listen on ${where} (${code ?? (error as Error)?.message ?? String(error)}): check PORT (or --port) and HOST (or --host)`,
  )
}
