/**
 * The indexer resource this service asks Prowlarr to test and create: a deep copy of the live
 * Generic Torznab template with our name, app profile and endpoint (product.md §5, clients §A.9).
 */
import { ManagerError } from './manager-error.ts'
import { isJsonObject, type IndexerEndpoint, type JsonObject } from './indexer-endpoint.ts'

const INDEXER_NAME = 'ICVDB'

const isNamed = (value: unknown, name: string) => typeof value === 'string' && value.trim().toLowerCase() === name.toLowerCase()

/** The schema entry with implementation `Torznab` and name `Generic Torznab` (never matched by order). */
export const pickGenericTorznab = (schema: readonly JsonObject[]): JsonObject => {
  const template = schema.find((entry) => isNamed(entry.implementation, 'Torznab') && isNamed(entry.name, 'Generic Torznab'))
  if (!template) throw new ManagerError('no-template', 'the schema has no Generic Torznab entry', { stage: 'schema' })
  const fields = template.fields
  const hasField = (name: string) => Array.isArray(fields) && fields.some((field) => isJsonObject(field) && field.name === name)
  // Fields are set by name; without these two the indexer could not point at us.
  if (!hasField('baseUrl') || !hasField('apiPath')) {
    throw new ManagerError('invalid-schema', 'Generic Torznab lacks baseUrl or apiPath', { stage: 'schema' })
  }
  return template
}

/** The first profile with a positive integer id, in Prowlarr's order (usually "Standard", id 1). */
export const pickAppProfileId = (profiles: unknown): number => {
  if (!Array.isArray(profiles)) throw new ManagerError('invalid-response', 'app profiles are not a list', { stage: 'app-profile' })
  const profile = profiles.find((entry) => isJsonObject(entry) && Number.isInteger(entry.id) && (entry.id as number) > 0)
  if (!profile) throw new ManagerError('no-app-profile', 'no app profile has a positive integer id', { stage: 'app-profile' })
  return profile.id as number
}

/** `ICVDB`, or `ICVDB (2)`, `ICVDB (3)`… when taken: Prowlarr wants unique names (case-insensitive). */
export const uniqueIndexerName = (indexers: readonly JsonObject[], base = INDEXER_NAME): string => {
  const taken = new Set(indexers.map((indexer) => (typeof indexer.name === 'string' ? indexer.name.trim().toLowerCase() : '')))
  if (!taken.has(base.toLowerCase())) return base
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

export interface IndexerResourceOptions {
  name: string
  appProfileId: number
  endpoint: IndexerEndpoint
}

// This service's /api needs no key (interface.md §5), so Prowlarr sends none.
const FIELD_VALUES = (endpoint: IndexerEndpoint): Record<string, string> => ({
  baseUrl: endpoint.baseUrl,
  apiPath: endpoint.apiPath,
  apiKey: '',
})

export const buildIndexerResource = (template: JsonObject, options: IndexerResourceOptions): JsonObject => {
  const resource = structuredClone(template)
  const values = FIELD_VALUES(options.endpoint)
  resource.name = options.name
  resource.appProfileId = options.appProfileId
  resource.enable = true
  resource.tags = []
  resource.fields = (resource.fields as unknown[]).map((field) =>
    isJsonObject(field) && typeof field.name === 'string' && field.name in values ? { ...field, value: values[field.name] } : field,
  )
  return resource
}
