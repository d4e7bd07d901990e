import { describe, expect, test } from 'bun:test'
import { positionsOf } from '../../../../runtime/importer/rank-order.ts'
import { orderByRank } from '../../../../runtime/search/rank-positions.ts'

describe('orderByRank', () => {
  test('puts ids in the order they were ranked, each once, leaving out ids no ranking holds', () => {
    const positions = positionsOf(Uint32Array.from([5, 2, 4, 1, 3]))
    expect(orderByRank(positions, [1, 3, 5, 3, 2, 1, 99, 0])).toEqual([5, 2, 1, 3])
    expect(orderByRank(positions, [])).toEqual([])
  })

  test('stays exact for a large catalogue: a million ids in a random ranking', () => {
    const count = 1_000_000
    const order = Uint32Array.from({ length: count }, (_, i) => i + 1)
    for (let i = count - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    const picked = Array.from({ length: 20_000 }, () => 1 + Math.floor(Math.random() * count))
    const positions = positionsOf(order)
    const expected = [...new Set(picked)].sort((a, b) => positions[a] - positions[b])
    expect(orderByRank(positions, picked)).toEqual(expected)
  })
})
