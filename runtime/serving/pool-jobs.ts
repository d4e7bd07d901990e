/**
 * What the search pool runs, on a worker or (as a fallback) in-process: a search, or a search
 * already rendered as a Torznab feed. Rendering where the search ran leaves the main thread, which
 * serves every connection, only bytes to write (100 items cost it ~0.8 ms as objects, ~0.05 ms as text).
 */
import type { Database } from 'bun:sqlite'
import { searchFeed, type FeedJob } from './feed-job.ts'
import { searchOrEmpty } from '../search/search.ts'

const POOL_JOBS = {
  search: searchOrEmpty,
  feed: (db: Database | null, job: FeedJob): string => searchFeed(db, job),
}

export type PoolJob = keyof typeof POOL_JOBS
export type JobInput<Kind extends PoolJob> = Parameters<(typeof POOL_JOBS)[Kind]>[1]
export type JobOutput<Kind extends PoolJob> = ReturnType<(typeof POOL_JOBS)[Kind]>

/** Runs a job whose kind arrived as data (a worker message). */
export const runJob = (kind: PoolJob, db: Database | null, input: unknown): unknown =>
  (POOL_JOBS[kind] as (db: Database | null, input: unknown) => unknown)(db, input)
