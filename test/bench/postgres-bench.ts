/**
 * The predecessor's search SQL on PostgreSQL 15 (the pg_restored dump, upstream indexes), with the
 * same query mix and passes as the Torznab benchmark, over a pool of Bun.SQL connections. The
 * predecessor opened one connection per query; pooling here measures the database, not that choice.
 */
import { SQL } from 'bun'
import type { BenchQuery, QueryKind } from './queries.ts'
import { benchKinds, type KindFigures, type PassOptions } from './torznab-bench.ts'

export const benchPostgres = async (
  uri: string,
  queries: Record<QueryKind, BenchQuery[]>,
  options: PassOptions,
  log: (line: string) => void,
): Promise<Record<QueryKind, KindFigures>> => {
  const sql = new SQL({ url: uri, max: options.concurrent.clients, idleTimeout: 0 })
  try {
    return await benchKinds(
      queries,
      async (query) => {
        const rows = await sql.unsafe(query.sql, query.params)
        return rows.length
      },
      options,
      log,
    )
  } finally {
    await sql.close()
  }
}
