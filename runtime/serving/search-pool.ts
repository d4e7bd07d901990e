/**
 * A few Worker threads that run search() on their own read-only handles, so concurrent searches use
 * every core instead of queueing on the main thread. Anything a worker cannot answer runs in-process.
 */
import type { OpenSnapshot } from '../db/database.ts'
import type { Log } from '../log.ts'
import { AnswerCache } from './answer-cache.ts'
import { runJob, type JobInput, type JobOutput, type PoolJob } from './pool-jobs.ts'
import type { SearchWorkerReply, SearchWorkerRequest, SnapshotRef } from './search-worker.ts'

export interface SearchPoolOptions {
  /** Worker threads; 0 runs every search in-process. */
  size: number
  /** Bytes of rendered answers (feed jobs) kept per snapshot; 0 or absent keeps none. */
  cacheBytes?: number
  log: Log
  /**
   * The snapshot serving now. A request a worker could not answer is answered from it: the handle
   * the request was made with may have been closed by a switch in the meantime.
   */
  current?: () => OpenSnapshot | null
}

export interface RunOptions {
  inline?: boolean
  keep?: boolean
  trace?: { cacheHit: boolean | null }
}

/** What run() answers: the job's output, except that a feed the answer cache keeps comes as its UTF-8 bytes. */
type PoolAnswer<Kind extends PoolJob> = Kind extends 'feed' ? JobOutput<Kind> | Uint8Array<ArrayBuffer> : JobOutput<Kind>

export interface SearchPool {
  /**
   * Runs a job of runtime/serving/pool-jobs.ts against `snapshot` (a search, or a rendered feed); with
   * `inline`, on the calling thread (a job of bounded cost: see search.ts stopsAtPage); with `keep:
   * false`, a feed is neither looked up in nor kept by the answer cache; `trace.cacheHit` tells
   * whether a feed came from the cache (the request history).
   */
  run<Kind extends PoolJob>(
    snapshot: OpenSnapshot | null,
    kind: Kind,
    input: JobInput<Kind>,
    options?: RunOptions,
  ): Promise<PoolAnswer<Kind>>
  /** The running threads (tests terminate one to watch the fallback). */
  workers(): Worker[]
  close(): void
}

// A worker that dies this many times in a row without one answer is not started again.
const MAX_FAILURES = 3
// Jobs handed to one worker at once: the one it runs and the next, so it never waits for the main
// thread between two. The rest wait in one queue for whichever worker frees first, so a slow search
// holds up at most one other instead of every job dealt to its worker behind it.
const IN_FLIGHT = 2
// How often idle workers are told about a switch nobody has searched since, so they close the
// deleted snapshot and its disk space is freed.
const SWITCH_CHECK_MS = 10_000

interface Pending {
  resolve(output: unknown): void
  fallback(): void
}

interface Slot {
  worker: Worker | null
  pending: Map<number, Pending>
  failures: number
}

export const createSearchPool = (options: SearchPoolOptions): SearchPool => {
  const slots: Slot[] = Array.from({ length: options.size }, () => ({ worker: null, pending: new Map(), failures: 0 }))
  // Jobs waiting for a worker with room, oldest first: each sends itself when called.
  const queued: Array<() => void> = []
  const generations = new WeakMap<OpenSnapshot, number>()
  let lastGeneration = 0
  let served = 0
  let nextId = 0
  let closed = false

  const inProcess = (snapshot: OpenSnapshot | null, kind: PoolJob, input: unknown): unknown => {
    const target = options.current ? options.current() : snapshot
    return runJob(kind, target?.db ?? null, input)
  }

  /** Answers everything the slot's worker still owed in-process; the worker restarts on demand. */
  const fail = (slot: Slot, reason: string): void => {
    if (!slot.worker) return
    slot.worker.terminate()
    slot.worker = null
    slot.failures++
    if (!closed) options.log.warn(`search worker stopped (${reason}); its searches run in-process until it restarts`)
    const owed = [...slot.pending.values()]
    slot.pending.clear()
    for (const pending of owed) pending.fallback()
    sendQueued()
  }

  /**
   * Hands queued jobs to workers with room (a restarting worker counts: it is spawned on send); once
   * no worker may start again, each queued job answers itself in-process.
   */
  const sendQueued = (): void => {
    while (queued.length > 0 && (withRoom() || !leastBusy())) (queued.shift() as () => void)()
  }

  const spawn = (slot: Slot): Worker => {
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url).href)
    // Idle workers must not keep a CLI or a test process alive (Bun has Worker.unref; the DOM type lacks it).
    ;(worker as Worker & { unref(): void }).unref()
    worker.onmessage = (event: MessageEvent<SearchWorkerReply>) => {
      const reply = event.data
      const pending = slot.pending.get(reply.id)
      if (!pending) return
      slot.pending.delete(reply.id)
      sendQueued()
      if (!reply.ok) return pending.fallback()
      slot.failures = 0
      pending.resolve(reply.output)
    }
    worker.onerror = (event: ErrorEvent) => fail(slot, event.message)
    worker.addEventListener('close', () => {
      if (slot.worker === worker) fail(slot, 'exited')
    })
    slot.worker = worker
    return worker
  }

  const generationOf = (snapshot: OpenSnapshot): number => {
    let generation = generations.get(snapshot)
    if (generation === undefined) {
      generation = ++lastGeneration
      generations.set(snapshot, generation)
    }
    if (generation !== served) {
      // Idle workers let go of the previous snapshot now: its directory may be deleted next.
      served = generation
      for (const slot of slots) slot.worker?.postMessage({ type: 'use', generation } satisfies SearchWorkerRequest)
    }
    return generation
  }

  const leastBusy = (): Slot | null => {
    let best: Slot | null = null
    for (const slot of slots) {
      if (slot.failures >= MAX_FAILURES) continue
      if (!best || slot.pending.size < best.pending.size) best = slot
    }
    return best
  }

  const withRoom = (): Slot | null => {
    const slot = leastBusy()
    return slot && slot.pending.size < IN_FLIGHT ? slot : null
  }

  const switchCheck =
    options.current && options.size > 0
      ? setInterval(() => {
          const current = options.current?.()
          if (current?.directory) generationOf(current)
        }, SWITCH_CHECK_MS)
      : null
  ;(switchCheck as { unref?: () => void } | null)?.unref?.()

  // Feeds are kept as UTF-8 bytes: 16 MiB of feed text kept as strings made title searches that miss
  // the cache ~25% slower (measured with 8 clients at 1M); bytes are also what a hit sends as it is.
  const cache = options.cacheBytes ? new AnswerCache<Uint8Array<ArrayBuffer>>(options.cacheBytes) : null
  const encoder = new TextEncoder()

  const dispatch = <Kind extends PoolJob>(
    snapshot: OpenSnapshot | null,
    kind: Kind,
    input: JobInput<Kind>,
    inline = false,
  ): Promise<JobOutput<Kind>> => {
    const slot = inline || closed || !snapshot || !snapshot.directory ? null : leastBusy()
    if (!slot || !snapshot) {
      try {
        return Promise.resolve(runJob(kind, snapshot?.db ?? null, input) as JobOutput<Kind>)
      } catch (error) {
        return Promise.reject(error)
      }
    }
    const ref: SnapshotRef = { generation: generationOf(snapshot), directory: snapshot.directory, tag: snapshot.tag }
    return new Promise<JobOutput<Kind>>((resolve, reject) => {
      const fallback = () => {
        try {
          resolve(inProcess(snapshot, kind, input) as JobOutput<Kind>)
        } catch (error) {
          reject(error)
        }
      }
      const send = () => {
        // Every worker may have failed for good while this job waited.
        const target = closed ? null : withRoom()
        if (!target) return fallback()
        const id = ++nextId
        target.pending.set(id, { resolve: (output) => resolve(output as JobOutput<Kind>), fallback })
        ;(target.worker ?? spawn(target)).postMessage({ type: 'job', id, snapshot: ref, kind, input } satisfies SearchWorkerRequest)
      }
      if (queued.length === 0 && withRoom()) send()
      else queued.push(send)
    })
  }

  return {
    run(snapshot, kind, input, options) {
      const inline = options?.inline ?? false
      // Only rendered text is kept (its size is known); a snapshot's generation scopes every key.
      if (!cache || kind !== 'feed' || options?.keep === false || !snapshot || closed)
        return dispatch(snapshot, kind, input, inline) as Promise<PoolAnswer<typeof kind>>
      const key = JSON.stringify(input)
      const trace = options?.trace
      if (trace) trace.cacheHit = true
      const make = () => {
        if (trace) trace.cacheHit = false
        return dispatch(snapshot, 'feed', input as JobInput<'feed'>, inline).then((feed) => encoder.encode(feed))
      }
      return cache.answer(generationOf(snapshot), key, make) as Promise<PoolAnswer<typeof kind>>
    },
    workers: () => slots.flatMap((slot) => (slot.worker ? [slot.worker] : [])),
    close() {
      closed = true
      if (switchCheck) clearInterval(switchCheck)
      for (const slot of slots) fail(slot, 'pool closed')
      // Answered in-process, as nothing takes them any more.
      for (const send of queued.splice(0)) send()
    },
  }
}
