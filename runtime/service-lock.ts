/**
 * One icvdb-indexer per data directory (issue 15): a Unix socket in $DATA_DIR/state that the holder
 * listens on. A live holder answers who it is; a crashed one leaves a socket nobody answers, which
 * the next start removes. A pid number is never trusted: after a crash or in a container it can
 * name any other live process.
 */
import { createHash } from 'node:crypto'
import { connect, createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import type { DataPaths } from './data-dir.ts'

export interface LockHolder {
  pid: number
  command: string
}

export class LockHeldError extends Error {
  constructor(readonly holder: LockHolder) {
    super(`an icvdb-indexer ${holder.command} (pid ${holder.pid}) holds the data directory`)
  }
}

const APPLICATION = 'icvdb-indexer'
// sun_path holds 108 bytes: a longer data directory path uses an abstract socket named after it.
const MAX_SOCKET_PATH = 100
const ANSWER_DEADLINE_MS = 2000

const abstractAddress = (paths: DataPaths) => `\0${APPLICATION}-${createHash('sha256').update(paths.root).digest('hex').slice(0, 32)}`

/**
 * Where the lock may live: a socket file in state/ (seen by every container sharing the volume), and
 * an abstract socket named after the directory for paths too long for sun_path or file systems
 * that cannot hold a socket (SMB and FAT mounts).
 */
const lockAddresses = (paths: DataPaths): string[] => {
  const path = join(paths.state, 'service.lock')
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? [path, abstractAddress(paths)] : [abstractAddress(paths)]
}

const parseHolder = (text: string): LockHolder | null => {
  try {
    const hello = JSON.parse(text) as { application?: unknown; pid?: unknown; command?: unknown }
    if (hello.application !== APPLICATION || !Number.isSafeInteger(hello.pid)) return null
    return { pid: hello.pid as number, command: typeof hello.command === 'string' ? hello.command : 'process' }
  } catch {
    return null
  }
}

const askHolder = (address: string): Promise<LockHolder | null> =>
  new Promise((resolve) => {
    const socket = connect(address)
    let text = ''
    const finish = (holder: LockHolder | null) => {
      socket.destroy()
      resolve(holder)
    }
    socket.setTimeout(ANSWER_DEADLINE_MS, () => finish(null))
    socket.on('data', (chunk) => (text += chunk.toString()))
    socket.on('end', () => finish(parseHolder(text)))
    socket.on('error', () => finish(null))
  })

/** The live icvdb-indexer holding the data directory, or null (no socket, or nobody answering it). */
export const lockHolder = async (paths: DataPaths): Promise<LockHolder | null> => {
  for (const address of lockAddresses(paths)) {
    const holder = await askHolder(address)
    if (holder !== null) return holder
  }
  return null
}

const listenOn = (server: Server, address: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(address, () => {
      server.off('error', reject)
      resolve()
    })
  })

/**
 * Takes the data directory for `command` (serve, import, check); throws LockHeldError when a live
 * icvdb-indexer holds it. Answers the release function.
 */
export const holdDataDirLock = async (paths: DataPaths, command: string): Promise<() => void> => {
  const holder = await lockHolder(paths)
  if (holder !== null) throw new LockHeldError(holder)
  const hello = `${JSON.stringify({ application: APPLICATION, pid: process.pid, command })}\n`
  const server = createServer((socket) => socket.end(hello))
  const address = await takeAddress(server, lockAddresses(paths))
  // A one-shot command must still exit when its work is done.
  server.unref()
  // The pid file of earlier versions is meaningless now; a stale one would only confuse a reader.
  rmSync(join(paths.state, 'service.pid'), { force: true })
  return () => {
    server.close()
    if (!address.startsWith('\0')) rmSync(address, { force: true })
  }
}

/** Listens on the first address that works; a socket file nobody answers was left by a crash and is replaced. */
const takeAddress = async (server: Server, addresses: string[]): Promise<string> => {
  let failure: unknown
  for (const address of addresses) {
    try {
      await listenOn(server, address)
      return address
    } catch (error) {
      failure = error
      const abstract = address.startsWith('\0')
      // Taken, and its holder did not answer above: a dead holder's file, or a live one too busy to answer.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') continue
      if (abstract) throw new LockHeldError({ pid: 0, command: 'process' })
      rmSync(address, { force: true })
      await listenOn(server, address)
      return address
    }
  }
  throw failure
}
