import { describe, expect, test } from 'bun:test'
import { indexerEndpoint } from '../../../../runtime/manager/indexer-endpoint.ts'
import {
  buildIndexerResource,
  pickAppProfileId,
  pickGenericTorznab,
  uniqueIndexerName,
} from '../../../../runtime/manager/indexer-resource.ts'
import { ManagerError } from '../../../../runtime/manager/manager-error.ts'
import { buildSchema, GENERIC_TORZNAB } from '../../../fakes/fake-prowlarr-schema.ts'

const failureOf = (work: () => unknown) => {
  try {
    work()
  } catch (error) {
    return (error as ManagerError).failure
  }
  return 'no error'
}

describe('pickGenericTorznab', () => {
  test('picks Generic Torznab by implementation and name wherever it sits in a real-sized schema', () => {
    const schema = buildSchema({ minBytes: 200_000 })
    expect(schema[0].name).not.toBe('Generic Torznab')
    expect(pickGenericTorznab(schema)).toEqual(GENERIC_TORZNAB)
  })

  test('does not take another implementation of the same name', () => {
    expect(failureOf(() => pickGenericTorznab([{ ...GENERIC_TORZNAB, implementation: 'Newznab' }]))).toBe('no-template')
  })

  test('a schema without it is no-template', () => {
    expect(failureOf(() => pickGenericTorznab(buildSchema({ minBytes: 0, withGenericTorznab: false })))).toBe('no-template')
  })

  test('a template without baseUrl or apiPath fields is an invalid schema', () => {
    const withoutApiPath = {
      ...GENERIC_TORZNAB,
      fields: GENERIC_TORZNAB.fields.filter((field: { name: string }) => field.name !== 'apiPath'),
    }
    expect(failureOf(() => pickGenericTorznab([withoutApiPath]))).toBe('invalid-schema')
    expect(failureOf(() => pickGenericTorznab([{ ...GENERIC_TORZNAB, fields: null }]))).toBe('invalid-schema')
  })
})

describe('pickAppProfileId', () => {
  test('takes the first profile with a positive integer id', () => {
    expect(pickAppProfileId([{ id: 0 }, { id: true }, { id: '3' }, { id: 2.5 }, { id: 4, name: 'Standard' }, { id: 1 }])).toBe(4)
  })

  test('no usable profile is no-app-profile; not a list is an invalid response', () => {
    expect(failureOf(() => pickAppProfileId([]))).toBe('no-app-profile')
    expect(failureOf(() => pickAppProfileId([{ id: -1 }]))).toBe('no-app-profile')
    expect(failureOf(() => pickAppProfileId({ id: 1 }))).toBe('invalid-response')
  })
})

describe('uniqueIndexerName', () => {
  test('is ICVDB when free, then ICVDB (2), ICVDB (3)… compared without case', () => {
    expect(uniqueIndexerName([{ name: 'Other' }])).toBe('ICVDB')
    expect(uniqueIndexerName([{ name: 'icvdb' }])).toBe('ICVDB (2)')
    expect(uniqueIndexerName([{ name: 'ICVDB' }, { name: 'ICVDB (2)' }, { name: 'ICVDB (4)' }])).toBe('ICVDB (3)')
  })
})

describe('buildIndexerResource', () => {
  const template = structuredClone(GENERIC_TORZNAB)
  const resource = buildIndexerResource(template, {
    name: 'ICVDB',
    appProfileId: 1,
    endpoint: indexerEndpoint('https://nas.local/icvdb/api/'),
  })
  const value = (name: string) => (resource.fields as { name: string; value?: unknown }[]).find((field) => field.name === name)?.value

  test('sets name, app profile, enable, tags and the three fields by name', () => {
    expect(resource).toMatchObject({
      name: 'ICVDB',
      appProfileId: 1,
      enable: true,
      tags: [],
      implementation: 'Torznab',
      configContract: 'TorznabSettings',
    })
    expect([value('baseUrl'), value('apiPath'), value('apiKey')]).toEqual(['https://nas.local', '/icvdb/api', ''])
  })

  test("keeps the template's other values, such as priority 25 and the limits unit", () => {
    expect(resource.priority).toBe(25)
    expect(value('baseSettings.limitsUnit')).toBe(0)
    expect((resource.fields as unknown[]).length).toBe(GENERIC_TORZNAB.fields.length)
  })

  test('leaves the template untouched', () => {
    expect(template).toEqual(GENERIC_TORZNAB)
  })
})
