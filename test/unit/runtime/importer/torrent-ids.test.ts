import { describe, expect, test } from 'bun:test'
import { TorrentIds } from '../../../../runtime/importer/torrent-ids.ts'
import { hashOf } from '../../../helpers/snapshot-rows.ts'

describe('TorrentIds', () => {
  test('finds every one of 200,000 hex hashes, in either case, and nothing else', () => {
    const ids = new TorrentIds()
    const hashes = Array.from({ length: 200_000 }, (_, i) => hashOf(`torrent ${i}`))
    hashes.forEach((hash, i) => ids.add(i % 2 ? hash.toUpperCase() : hash, i + 1))
    expect(hashes.every((hash, i) => ids.idOf(i % 3 ? hash : hash.toUpperCase()) === i + 1)).toBe(true)
    expect(ids.idOf(hashOf('not a torrent'))).toBeNull()
  })

  test('hashes alike in their first words or patterned still resolve exactly', () => {
    const ids = new TorrentIds()
    // Same first 32 hex digits, or counting up in the last word only: no two may be confused.
    const hashes = Array.from({ length: 5000 }, (_, i) => `${'ab'.repeat(16)}${i.toString(16).padStart(8, '0')}`)
    hashes.forEach((hash, i) => ids.add(hash, i + 1))
    expect(hashes.every((hash, i) => ids.idOf(hash) === i + 1)).toBe(true)
    expect(ids.idOf(`${'ab'.repeat(16)}${(5000).toString(16).padStart(8, '0')}`)).toBeNull()
  })

  test('the first torrent keeps a hash that comes twice', () => {
    const ids = new TorrentIds()
    const hash = hashOf('twice')
    ids.add(hash, 1)
    ids.add(hash.toUpperCase(), 2)
    expect(ids.idOf(hash)).toBe(1)
  })

  test('hashes that are not 40 hex digits are found too, case-insensitively', () => {
    const ids = new TorrentIds()
    ids.add('ABC', 1)
    ids.add(`${'z'.repeat(40)}`, 2)
    ids.add(`${'0'.repeat(39)}é`, 3)
    ids.add(hashOf('hex'), 4)
    expect([ids.idOf('abc'), ids.idOf('Z'.repeat(40)), ids.idOf(`${'0'.repeat(39)}é`), ids.idOf(hashOf('hex')), ids.idOf('abd')]).toEqual([
      1,
      2,
      3,
      4,
      null,
    ])
  })

  test('asking again for the hash asked last gives the same answer', () => {
    const ids = new TorrentIds()
    ids.add(hashOf('a'), 1)
    expect([ids.idOf(hashOf('a')), ids.idOf(hashOf('a')), ids.idOf(hashOf('b')), ids.idOf(hashOf('b'))]).toEqual([1, 1, null, null])
  })
})
