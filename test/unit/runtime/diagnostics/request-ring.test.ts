/** The request ring's columns: records read back as written, its bound, and parameters too long for a slot. */
import { describe, expect, test } from 'bun:test'
import type { StoredRecord } from '../../../../runtime/diagnostics/request-record.ts'
import { PARAM_BYTES, RequestRing } from '../../../../runtime/diagnostics/request-ring.ts'

const record = (id: number, params: Record<string, string> = { q: `dune ${id}` }): StoredRecord => ({
  id,
  at: 1_700_000_000_000 + id,
  client: 'Sonarr',
  client_version: '4.0.15',
  t: 'tvsearch',
  params,
  count: id % 3 === 0 ? null : id,
  total: id % 3 === 0 ? null : id + 1,
  duration_ms: 1.25,
  cache_hit: id % 2 === 0 ? null : id % 4 === 1,
  error_code: id % 3 === 0 ? 201 : null,
})
const sonarr = { name: 'Sonarr' as const, version: '4.0.15' }

describe('RequestRing', () => {
  test('reads back what was written, newest first, at its bound', () => {
    const ring = new RequestRing(5)
    for (let id = 1; id <= 12; id++) ring.push(record(id), sonarr)
    expect(ring.size).toBe(5)
    expect(ring.newestFirst(() => true)).toEqual([12, 11, 10, 9, 8].map((id) => record(id)))
    expect(ring.newestFirst((entry) => entry.error_code !== null, 1).map((entry) => entry.id)).toEqual([12])
  })

  test('parameters longer than a slot are cut, never left as broken JSON', () => {
    const ring = new RequestRing(2)
    const long = Object.fromEntries(
      ['q', 'cat', 'imdbid', 'tmdbid', 'tvdbid', 'season', 'ep', 'limit', 'offset', 'id'].map((name) => [name, 'è'.repeat(200)]),
    )
    ring.push(record(1, long), sonarr)
    const [entry] = ring.newestFirst(() => true)
    expect(Object.keys(entry.params)).toEqual(Object.keys(long))
    expect(new TextEncoder().encode(JSON.stringify(entry.params)).length).toBeLessThanOrEqual(PARAM_BYTES)
    expect(entry.params.q.length).toBeGreaterThan(0)
  })

  test('clear empties it', () => {
    const ring = new RequestRing(3)
    ring.push(record(1), sonarr)
    ring.clear()
    expect([ring.size, ring.newestFirst(() => true)]).toEqual([0, []])
  })
})
