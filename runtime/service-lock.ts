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

const socketAddress = (paths: DataPaths): string => {
  const path = join(paths.state, 'service.lock')
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return path
  return `\0${APPLICATION}-${createHash('sha256').update(paths.root).digest('hex').slice(0, 32)}`
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

/** The live icvdb-indexer holding the data directory, or null (no socket, or nobody answering it). */
export const lockHolder = (paths: DataPaths): Promise<LockHolder | null> =>
  new Promise((resolve) => {
    const socket = connect(socketAddress(paths))
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
  const address = socketAddress(paths)
  const hello = `${JSON.stringify({ application: APPLICATION, pid: process.pid, command })}\n`
  const server = createServer((socket) => socket.end(hello))
  try {
    await listenOn(server, address)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    const holder = await lockHolder(paths)
    if (holder !== null) throw new LockHeldError(holder)
    // An abstract socket vanishes with its process: taken means held, even by a holder too busy to answer.
    if (address.startsWith('\0')) throw new LockHeldError({ pid: 0, command: 'process' })
    // Left by a process that died: nobody answers on it.
    rmSync(address, { force: true })
    await listenOn(server, address)
  }
  // A one-shot command must still exit when its work is done.
  server.unref()
  // The pid file of earlier versions is meaningless now; a stale one would only confuse a reader.
  rmSync(join(paths.state, 'service.pid'), { force: true })
  return () => {
    server.close()
    if (!address.startsWith('\0')) rmSync(address, { force: true })
  }
}
