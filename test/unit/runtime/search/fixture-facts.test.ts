/**
 * The ten search facts of the fixture manifest (with their equivalent queries and near misses), on
 * every fixture archive imported by the real importer, through the Torznab parameter parser.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Preset } from '../../../../runtime/settings/schema.ts'
import { runSearch } from '../../../../runtime/serving/torznab-answers.ts'
import { parseTorznabParams } from '../../../../runtime/torznab/params.ts'
import { FIXTURES, manifest } from '../../../fixtures/snapshots/snapshot-fixtures.ts'
import { importFixture, type FixtureSnapshot } from '../../../helpers/fixture-snapshot.ts'

interface Fact {
  id: string
  query: Record<string, string | number>
  equivalent_queries?: Array<Record<string, string | number>>
  settings?: { preset: Preset }
  ordered: boolean
  expected_infohashes: string[]
  must_not_include?: string[]
}

const FACTS = manifest.facts as unknown as Fact[]

const params = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))

test('the manifest holds the ten facts', () => {
  expect(FACTS).toHaveLength(10)
})

describe.each(FIXTURES)('%s', (fixture) => {
  let imported: FixtureSnapshot
  beforeAll(async () => {
    imported = await importFixture(fixture)
  })
  afterAll(() => imported.remove())

  const run = (fact: Fact, query: Record<string, string | number>) =>
    runSearch(imported.snapshot.db, parseTorznabParams(params(query)), {
      preset: fact.settings?.preset ?? 'unfiltered',
      custom_rules: [],
    }).items.map((hit) => hit.info_hash)

  describe.each(FACTS.map((fact) => [fact.id, fact] as const))('%s', (_, fact) => {
    test.each([fact.query, ...(fact.equivalent_queries ?? [])].map((query) => [params(query).toString(), query] as const))(
      '%s',
      (_, query) => {
        const found = run(fact, query)
        if (fact.ordered) expect(found).toEqual(fact.expected_infohashes)
        else expect([...found].sort()).toEqual([...fact.expected_infohashes].sort())
        for (const hash of fact.must_not_include ?? []) expect(found).not.toContain(hash)
      },
    )
  })
})
