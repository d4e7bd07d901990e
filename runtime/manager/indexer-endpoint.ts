/**
 * Where Prowlarr reaches this service: the configured indexer URL split into Prowlarr's
 * `baseUrl` + `apiPath`, and the match that finds an installed indexer whatever its name.
 */

export interface IndexerEndpoint {
  baseUrl: string
  apiPath: string
}

export type JsonObject = Record<string, unknown>

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)

const trimTrailingSlashes = (text: string) => text.replace(/\/+$/, '')

/** product.md §5: baseUrl = the origin, apiPath = the path (`/api` when empty); query and fragment are dropped. */
export const indexerEndpoint = (indexerUrl: string): IndexerEndpoint => {
  const url = new URL(indexerUrl)
  const path = trimTrailingSlashes(url.pathname)
  return { baseUrl: url.origin, apiPath: path === '' ? '/api' : path }
}

/**
 * One comparable text per endpoint, built the way Prowlarr builds its request URL
 * (`baseUrl.TrimEnd('/') + apiPath`), then normalised by the URL parser (host case, default port),
 * without trailing slashes, query or fragment. Null when it does not parse.
 */
export const endpointKey = (baseUrl: string, apiPath: string): string | null => {
  try {
    const url = new URL(`${trimTrailingSlashes(baseUrl)}/${apiPath.replace(/^\/+/, '')}`)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return `${url.origin}${trimTrailingSlashes(url.pathname)}`
  } catch {
    return null
  }
}

const fieldValue = (resource: JsonObject, name: string): unknown => {
  const fields = Array.isArray(resource.fields) ? resource.fields : []
  return fields.find((field) => isJsonObject(field) && field.name === name)?.value
}

const sameText = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.toLowerCase()

/** The Torznab indexer already pointing at `endpoint`; the user may have renamed it. */
export const findInstalled = (indexers: readonly unknown[], endpoint: IndexerEndpoint): JsonObject | undefined => {
  const wanted = endpointKey(endpoint.baseUrl, endpoint.apiPath)
  return indexers.filter(isJsonObject).find((indexer) => {
    if (!sameText(indexer.implementation, 'Torznab')) return false
    const baseUrl = fieldValue(indexer, 'baseUrl')
    const apiPath = fieldValue(indexer, 'apiPath')
    if (typeof baseUrl !== 'string') return false
    // An absent apiPath is Prowlarr's default, `/api`.
    return endpointKey(baseUrl, typeof apiPath === 'string' ? apiPath : '/api') === wanted
  })
}
