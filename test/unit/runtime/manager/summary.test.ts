import { describe, expect, test } from 'bun:test'
import { ManagerSummaryCache } from '../../../../runtime/manager/summary.ts'

describe('ManagerSummaryCache', () => {
  test('is all null before any operation', () => {
    expect(new ManagerSummaryCache().get()).toEqual({ connected: null, indexer_installed: null, error: null })
  })

  test('merges updates and clear() resets to null', () => {
    const cache = new ManagerSummaryCache()
    cache.update({ connected: true, error: null })
    cache.update({ indexer_installed: true })
    expect(cache.get()).toEqual({ connected: true, indexer_installed: true, error: null })
    cache.clear()
    expect(cache.get()).toEqual({ connected: null, indexer_installed: null, error: null })
  })

  test('an operation that started before a clear() cannot write its stale result', () => {
    const cache = new ManagerSummaryCache()
    const ticket = cache.ticket()
    cache.clear()
    cache.update({ connected: false, error: 'Unable to connect to Manager' }, ticket)
    expect(cache.get()).toEqual({ connected: null, indexer_installed: null, error: null })
  })

  test('get() hands out a copy', () => {
    const cache = new ManagerSummaryCache()
    cache.get().connected = true
    expect(cache.get().connected).toBeNull()
  })
})
