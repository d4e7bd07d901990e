import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readRankOrders, writeRankOf, writeRanks, type RankOrders } from '../../../../runtime/importer/rank-order.ts'
import { ITALIAN_PREFERRED } from '../../../../runtime/search/rank.ts'

const hash = (n: number) => n.toString(16).padStart(40, '0')

/** seeders, uploaded, info_hash, and optionally [audio_ita, multi_audio] (both 0 when absent). */
type Row = [number | null, number, string, [number, number]?]

/** A torrents table of `rows` (id = position + 1), with the columns the orders read. */
const torrentsTable = (rows: Row[]): Database => {
  const db = new Database(':memory:')
  db.run(
    'CREATE TABLE torrents (id INTEGER PRIMARY KEY, seeders INTEGER, uploaded INTEGER, info_hash TEXT, audio_ita INTEGER, multi_audio INTEGER)',
  )
  rows.forEach(([seeders, uploaded, infoHash, audio], index) =>
    db.run('INSERT INTO torrents VALUES (?, ?, ?, ?, ?, ?)', [index + 1, seeders, uploaded, infoHash, ...(audio ?? [0, 0])]),
  )
  return db
}

/** The same rows through an ORDER BY written out here, as the search states it; `score` first when given. */
const sqlOrder = (rows: Row[], score?: string): number[] => {
  const db = torrentsTable(rows)
  const order = `${score ? `${score} DESC, ` : ''}seeders DESC, uploaded DESC, info_hash, id`
  const ids = (db.query(`SELECT id FROM torrents t ORDER BY ${order}`).values() as [number][]).map(([id]) => id)
  db.close()
  return ids
}

const rankOrders = (rows: Row[]): RankOrders => {
  const db = torrentsTable(rows)
  try {
    return readRankOrders(db)
  } finally {
    db.close()
  }
}
const rankOrder = (rows: Row[]): number[] => [...rankOrders(rows).byDefault]

describe('readRankOrders orders torrents exactly as ORDER BY seeders DESC, uploaded DESC, info_hash, id', () => {
  test('seeders first, NULL seeders after every number (negative ones too), then newest', () => {
    const rows: Row[] = [
      [null, 900, hash(1)],
      [5, 100, hash(2)],
      [-1, 100, hash(3)],
      [5, 200, hash(4)],
      [0, 50, hash(5)],
      [null, 1000, hash(6)],
    ]
    expect(rankOrder(rows)).toEqual([4, 2, 5, 3, 6, 1])
    expect(rankOrder(rows)).toEqual(sqlOrder(rows))
  })

  test('ties go to the info hash in text order, then to the archive position', () => {
    const rows: Row[] = [
      [3, 100, 'ff' + hash(0).slice(2)],
      [3, 100, hash(0xabc)],
      [3, 100, hash(0xab)],
      [3, 100, hash(0xab)],
      [3, 100, 'not-a-hex-hash'],
      [3, 100, 'ZZ'],
      [3, 100, ''],
      // Same first 13 digits: only the full hashes tell these apart.
      [3, 100, 'abcdef0123456' + 'f'.repeat(27)],
      [3, 100, 'abcdef0123456' + '0'.repeat(27)],
      [3, 100, 'abcdef0123456' + '0'.repeat(27)],
      [3, 100, 'abcdef0123456'],
      // A hex head with an odd tail, or shorter than a head: still text order.
      [3, 100, 'abcdef0123456' + 'zz'],
      [3, 100, 'abcdef012345' + 'Z'],
      [3, 100, 'abc'],
      [3, 100, 'abcdef0123456' + 'e'.repeat(30)],
    ]
    expect(rankOrder(rows)).toEqual(sqlOrder(rows))
  })

  test('thousands of random rows with many ties', () => {
    let state = 7
    const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n)
    const rows: Row[] = Array.from({ length: 5000 }, () => [next(10) === 0 ? null : next(4), 1_700_000_000 + next(3), hash(next(500))])
    expect(rankOrder(rows)).toEqual(sqlOrder(rows))
  })

  test('the italian_preferred order is ORDER BY its score expression (ITALIAN_PREFERRED) DESC, then the same keys', () => {
    let state = 11
    const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n)
    // Italian and MULTI together count as Italian (100 beats 25); ties on every key across classes.
    const rows: Row[] = Array.from({ length: 3000 }, () => [
      next(8) === 0 ? null : next(4),
      1_700_000_000 + next(3),
      hash(next(300)),
      [next(3) === 0 ? 1 : 0, next(2)],
    ])
    const orders = rankOrders(rows)
    expect([...orders.italian]).toEqual(sqlOrder(rows, `(${ITALIAN_PREFERRED.sql})`))
    expect([...orders.byDefault]).toEqual(sqlOrder(rows))
  })
})

test('writeRanks writes an order rank → id; writeRankOf id → rank', () => {
  const db = new Database(':memory:')
  db.run('CREATE TABLE torrent_rank (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL)')
  db.run('CREATE TABLE torrent_rank_italian (rank INTEGER PRIMARY KEY, id INTEGER NOT NULL)')
  db.run('CREATE TEMP TABLE rank_of (id INTEGER PRIMARY KEY, rank INTEGER NOT NULL)')
  const ids = Uint32Array.from({ length: 123 }, (_, index) => ((index * 37) % 123) + 1)
  const italian = ids.slice().reverse()
  writeRanks(db, 'torrent_rank', ids)
  writeRanks(db, 'torrent_rank_italian', italian)
  writeRankOf(db, 'temp.rank_of', ids)
  expect(db.query('SELECT id FROM torrent_rank ORDER BY rank').values().flat()).toEqual([...ids])
  expect(db.query('SELECT id FROM torrent_rank_italian ORDER BY rank').values().flat()).toEqual([...italian])
  expect(db.query('SELECT count(*) FROM temp.rank_of r JOIN torrent_rank k ON k.rank = r.rank AND k.id = r.id').values()).toEqual([[123]])
  db.close()
})

test('seeders and upload times outside the packed range (negative, huge, before 1970) still order exactly', () => {
  const rows: Row[] = [
    [2 ** 21, 100, hash(1)],
    [3, -86400, hash(2)],
    [3, 2 ** 33, hash(3)],
    [null, -5, hash(4)],
    [-7, 0, hash(5)],
    [3, 100, hash(6)],
  ]
  expect(rankOrder(rows)).toEqual(sqlOrder(rows))
})
