/**
 * Worker entry of the search pool: keeps its own read-only handle on the snapshot each request
 * names, reopening when the snapshot changes, and posts back plain search results.
 */
import { openSnapshot, type OpenSnapshot } from '../db/database.ts'
import { runJob, type PoolJob } from './pool-jobs.ts'

declare const self: Worker

/** `generation` numbers each OpenSnapshot the pool has seen, so even a rebuild in place reopens. */
export interface SnapshotRef {
  generation: number
  directory: string
  tag: string
}

export type SearchWorkerRequest =
  | { type: 'job'; id: number; snapshot: SnapshotRef; kind: PoolJob; input: unknown }
  /** The served snapshot changed: drop a handle on any other one now, not at the next search. */
  | { type: 'use'; generation: number }

export type SearchWorkerReply = { id: number; ok: true; output: unknown } | { id: number; ok: false; message: string }

let open: (OpenSnapshot & { generation: number }) | null = null

const release = (): void => {
  open?.db.close()
  open = null
}

const handleFor = (ref: SnapshotRef): OpenSnapshot => {
  if (open?.generation === ref.generation) return open
  release()
  open = { ...openSnapshot(ref.directory, ref.tag), generation: ref.generation }
  return open
}

self.onmessage = (event: MessageEvent<SearchWorkerRequest>) => {
  const request = event.data
  if (request.type === 'use') {
    if (open && open.generation !== request.generation) release()
    return
  }
  let reply: SearchWorkerReply
  try {
    reply = { id: request.id, ok: true, output: runJob(request.kind, handleFor(request.snapshot).db, request.input) }
  } catch (error) {
    // The pool answers this request in-process, which reproduces any real error with its own class.
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  self.postMessage(reply)
}
