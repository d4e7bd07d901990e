import { describe, expect, test } from 'bun:test'
import { GarbageBudget } from '../../../../runtime/importer/garbage-budget.ts'

const MIB = 1024 * 1024

/** A budget over a resident size the test sets, which a collection lowers to `afterCollection`. */
const budgetOver = (budgetMib: number) => {
  const state = { rss: 0, afterCollection: 0 }
  const budget = new GarbageBudget(
    budgetMib * MIB,
    () => state.rss * MIB,
    () => (state.rss = state.afterCollection),
  )
  return (rss: number, afterCollection = rss): number => {
    state.rss = rss
    state.afterCollection = afterCollection
    budget.check()
    return budget.collections
  }
}

describe('GarbageBudget collects only past its budget, then after each headroom of growth', () => {
  test('under the budget nothing is collected', () => {
    const check = budgetOver(256)
    expect(check(100)).toBe(0)
    expect(check(256)).toBe(0)
  })

  test('past the budget one collection runs; back under it, the budget is the trigger again', () => {
    const check = budgetOver(256)
    expect(check(300, 150)).toBe(1)
    expect(check(250)).toBe(1)
    expect(check(260, 160)).toBe(2)
  })

  test('a process that stays above the budget collects every 32 MiB of growth, not at every check', () => {
    const check = budgetOver(256)
    expect(check(400, 380)).toBe(1)
    // 380 MiB remain after the collection (mapped snapshot pages, live state): the next waits for 412.
    for (const rss of [381, 400, 412]) expect(check(rss)).toBe(1)
    expect(check(413, 390)).toBe(2)
    expect(check(421)).toBe(2)
  })
})
