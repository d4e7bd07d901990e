/**
 * The Prowlarr flows of product.md §5 over one client: test the connection, check whether this
 * service is installed, and install it as a Generic Torznab indexer.
 */
import { SCHEMA_PATH, type ManagerClient } from './client.ts'
import { findInstalled, indexerEndpoint, isJsonObject, type JsonObject } from './indexer-endpoint.ts'
import { buildIndexerResource, pickAppProfileId, pickGenericTorznab, uniqueIndexerName } from './indexer-resource.ts'
import { isManagerError, ManagerError, type ManagerStage } from './manager-error.ts'
import type { IndexerResult } from './types.ts'

const APP_PROFILES_PATH = '/api/v1/appprofile'
const INDEXERS_PATH = '/api/v1/indexer'
const INDEXER_TEST_PATH = '/api/v1/indexer/test'

/** Tags a failure with the step it happened in, so the summary can tell "unreachable" from "refused our indexer". */
const atStage = async <T>(stage: ManagerStage, step: () => Promise<T>): Promise<T> => {
  try {
    return await step()
  } catch (error) {
    if (isManagerError(error) && error.stage === undefined) error.stage = stage
    throw error
  }
}

const integerId = (value: unknown): number | null => (Number.isSafeInteger(value) ? (value as number) : null)

/** GET /api/v1/indexer/schema must be a JSON array (of objects): the connection test. */
const fetchSchema = (client: ManagerClient): Promise<JsonObject[]> =>
  atStage('schema', async () => {
    const schema = await client.get(SCHEMA_PATH)
    if (!Array.isArray(schema) || !schema.every(isJsonObject))
      throw new ManagerError('invalid-schema', 'the schema is not a list of objects')
    return schema
  })

const listIndexers = (client: ManagerClient): Promise<JsonObject[]> =>
  atStage('list', async () => {
    const indexers = await client.get(INDEXERS_PATH)
    if (!Array.isArray(indexers)) throw new ManagerError('invalid-response', 'the indexer list is not a list')
    return indexers.filter(isJsonObject)
  })

export const testConnection = async (client: ManagerClient): Promise<void> => {
  await fetchSchema(client)
}

/** Status: the schema, then the indexer list. Null when no indexer URL is configured to match against. */
export const checkInstalled = async (client: ManagerClient, indexerUrl: string): Promise<boolean | null> => {
  await fetchSchema(client)
  if (indexerUrl === '') return null
  return findInstalled(await listIndexers(client), indexerEndpoint(indexerUrl)) !== undefined
}

const postResource = async (client: ManagerClient, path: string, resource: JsonObject): Promise<unknown> => {
  try {
    return await client.post(path, resource)
  } catch (error) {
    // Prowlarr answers a failed validation or live test with 400 and an array of failures (clients §A.8).
    if (isManagerError(error) && error.failure === 'http' && error.status === 400 && Array.isArray(error.body)) {
      throw new ManagerError('rejected', `${path} refused the indexer`, { status: 400, body: error.body })
    }
    throw error
  }
}

/**
 * Install: schema → Generic Torznab → app profile → indexer list (already installed when an
 * indexer points at our endpoint) → test → create with the same body.
 */
export const installIndexer = async (client: ManagerClient, indexerUrl: string): Promise<IndexerResult> => {
  const endpoint = indexerEndpoint(indexerUrl)
  const template = pickGenericTorznab(await fetchSchema(client))
  const appProfileId = await atStage('app-profile', async () => pickAppProfileId(await client.get(APP_PROFILES_PATH)))
  const indexers = await listIndexers(client)
  const installed = findInstalled(indexers, endpoint)
  if (installed) return { created: false, already_installed: true, indexer_id: integerId(installed.id) }

  const resource = buildIndexerResource(template, { name: uniqueIndexerName(indexers), appProfileId, endpoint })
  await atStage('test', () => postResource(client, INDEXER_TEST_PATH, resource))
  const created = await atStage('create', () => postResource(client, INDEXERS_PATH, resource))
  return { created: true, already_installed: false, indexer_id: isJsonObject(created) ? integerId(created.id) : null }
}
