/**
 * A fake Prowlarr (API v1) on Bun.serve at 127.0.0.1:0, built from Prowlarr's openapi.json and the
 * derived Generic Torznab schema, with switches for every way a real one fails (clients §A).
 */
import { buildSchema, GENERIC_TORZNAB, type Resource } from './fake-prowlarr-schema.ts'
import { checkIndexer } from './fake-prowlarr-indexer-check.ts'
import { deserializationErrors, INDEXER_RESOURCE_KEYS, validateIndexer, type ValidationFailure } from './fake-prowlarr-validation.ts'

export type Fault =
  | 'hang' // never answers
  | 'hang-body' // sends the headers and the start of a body, then nothing
  | 'http-500'
  | 'invalid-json'
  | 'not-an-array' // valid JSON of the wrong shape
  | 'oversized' // over the route's cap, with Content-Length
  | 'oversized-chunked' // over the route's cap, streamed without Content-Length
  | 'no-generic-torznab'
  | 'no-app-profile'
  | 'test-failure' // POST /indexer/test answers Prowlarr's validation array
  | 'no-id' // POST /indexer answers 201 without an integer id
  | 'echo-secret' // the answer echoes the API key and a traceback

export interface RecordedRequest {
  method: string
  path: string
  search: string
  apiKey: string | null
  accept: string | null
  body?: unknown
}

export interface FakeProwlarrOptions {
  apiKey?: string
  /** Prowlarr's urlBase (reverse-proxy sub-path), e.g. `/prowlarr`. */
  urlBase?: string
  appProfiles?: Resource[]
  schemaMinBytes?: number
}

export interface FakeProwlarr {
  /** Base URL including the urlBase. */
  url: string
  apiKey: string
  requests: RecordedRequest[]
  indexers: Resource[]
  appProfiles: Resource[]
  /** Sets a fault on one route (`GET /api/v1/indexer`) or on every route (`*`). */
  fault(fault: Fault, route?: string): void
  clearFaults(): void
  /** Adds an indexer as if the user had created it in Prowlarr's UI. */
  addIndexer(resource: Resource): Resource
  stop(): Promise<void>
}

export const FAKE_PROWLARR_KEY = '5f1c0ffee0ddba11fa1afe1c0de00042'
const MIB = 1024 * 1024
const DEFAULT_ROUTE: Partial<Record<Fault, string>> = {
  'no-generic-torznab': 'GET /api/v1/indexer/schema',
  'no-app-profile': 'GET /api/v1/appprofile',
  'test-failure': 'POST /api/v1/indexer/test',
  'no-id': 'POST /api/v1/indexer',
}

const json = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })

/** A JSON array of `bytes` bytes, as one buffer (Content-Length) or as a lazy chunked stream. */
const oversized = (bytes: number, chunked: boolean): Response => {
  const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024 - 4)}",`)
  if (!chunked) return new Response(new Uint8Array(bytes).fill(0x20), { headers: { 'content-type': 'application/json' } })
  let sent = 0
  const stream = new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      controller.enqueue(sent === 0 ? new TextEncoder().encode('[') : chunk)
      sent += sent === 0 ? 1 : chunk.length
    },
  })
  return new Response(stream, { headers: { 'content-type': 'application/json' } })
}

/** A Generic Torznab indexer as Prowlarr stores it, for seeding the indexer list. */
export const torznabIndexer = (name: string, baseUrl: string, apiPath = '/api'): Resource => ({
  ...structuredClone(GENERIC_TORZNAB),
  name,
  appProfileId: 1,
  fields: GENERIC_TORZNAB.fields.map((field: Resource) =>
    field.name === 'baseUrl' ? { ...field, value: baseUrl } : field.name === 'apiPath' ? { ...field, value: apiPath } : field,
  ),
})

const SYSTEM_STATUS = {
  appName: 'Prowlarr',
  instanceName: 'Prowlarr',
  version: '2.3.6.5214',
  isNetCore: true,
  isLinux: true,
  isDocker: true,
  mode: 'console',
  branch: 'master',
  databaseType: 'sqLite',
  authentication: 'forms',
  urlBase: '',
  runtimeName: 'netcore',
}

export const startFakeProwlarr = (options: FakeProwlarrOptions = {}): FakeProwlarr => {
  const apiKey = options.apiKey ?? FAKE_PROWLARR_KEY
  const urlBase = options.urlBase ?? ''
  const schema = buildSchema({ minBytes: options.schemaMinBytes })
  const faults = new Map<string, Fault>()
  const requests: RecordedRequest[] = []
  const indexers: Resource[] = []
  const appProfiles = options.appProfiles ?? [
    { id: 1, name: 'Standard', enableRss: true, enableAutomaticSearch: true, enableInteractiveSearch: true, minimumSeeders: 1 },
  ]
  const hanging: (() => void)[] = []
  let nextId = 1

  const store = (body: Resource, extra: Resource): Resource => {
    const stored: Resource = {}
    for (const key of INDEXER_RESOURCE_KEYS) if (key in body) stored[key] = structuredClone(body[key])
    Object.assign(stored, { id: nextId++, added: new Date().toISOString(), tags: body.tags ?? [], ...extra })
    indexers.push(stored)
    indexers.sort((a, b) => a.name.localeCompare(b.name))
    return stored
  }
  // Secrets come back masked, as on a real GET (clients §A.5).
  const masked = (resource: Resource): Resource => ({
    ...resource,
    fields: resource.fields?.map((field: Resource) =>
      field.privacy === 'apiKey' && field.value ? { ...field, value: '********' } : field,
    ),
  })

  const echo = (route: string) => {
    const text = `Traceback (most recent call last): System.Exception: X-Api-Key ${apiKey} rejected at ${route}`
    return route.startsWith('POST')
      ? json(400, [{ propertyName: '', errorMessage: text, severity: 'error', isWarning: false }])
      : json(500, { message: text, description: text })
  }

  const transportFault = (fault: Fault, route: string, path: string): Response | Promise<Response> | null => {
    switch (fault) {
      case 'hang':
        return new Promise((resolve) => hanging.push(() => resolve(new Response(null, { status: 503 }))))
      case 'hang-body':
        return new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('[{')) }), {
          headers: { 'content-type': 'application/json' },
        })
      case 'http-500':
        return json(500, { message: 'Internal Server Error', description: 'System.NullReferenceException' })
      case 'invalid-json':
        return new Response('<html><body>Prowlarr is starting</body></html>', { headers: { 'content-type': 'application/json' } })
      case 'not-an-array':
        return json(200, { message: 'not a list' })
      case 'oversized':
      case 'oversized-chunked':
        return oversized((path === '/api/v1/indexer/schema' ? 16 * MIB : MIB) + 64 * 1024, fault === 'oversized-chunked')
      case 'echo-secret':
        return echo(route)
      default:
        return null
    }
  }

  const validated = async (request: Request): Promise<{ body: Resource } | { response: Response }> => {
    let body: unknown
    try {
      body = await request.json()
    } catch {
      return { response: json(400, { message: "Request body can't be empty" }) }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { response: json(400, { message: "Request body can't be empty" }) }
    const typeErrors = deserializationErrors(body as Resource)
    if (Object.keys(typeErrors).length > 0)
      return { response: json(400, { title: 'One or more validation errors occurred.', status: 400, errors: typeErrors }) }
    const failures = validateIndexer(body as Resource, { indexers, appProfileIds: appProfiles.map((profile) => profile.id) })
    const force =
      new URL(request.url).searchParams.get('forceTest') === 'true' || new URL(request.url).searchParams.get('forceSave') === 'true'
    const binding = failures.filter((failure) => !failure.isWarning || !force)
    if (binding.length > 0) return { response: json(400, binding) }
    return { body: body as Resource }
  }

  const liveTest = async (body: Resource): Promise<ValidationFailure[] | Resource> => {
    const result = await checkIndexer(body)
    if (!result.ok) return [{ propertyName: '', errorMessage: result.message, severity: 'error', isWarning: false }]
    return result.capabilities
  }

  const route = async (request: Request, route: string, path: string, fault: Fault | undefined): Promise<Response> => {
    switch (route) {
      case 'GET /api/v1/system/status':
        return json(200, { ...SYSTEM_STATUS, urlBase })
      case 'GET /api/v1/appprofile':
        return json(200, fault === 'no-app-profile' ? [] : appProfiles)
      case 'GET /api/v1/indexer/schema':
        return json(200, fault === 'no-generic-torznab' ? schema.filter((entry) => entry.name !== 'Generic Torznab') : schema)
      case 'GET /api/v1/indexer':
        return json(200, indexers.map(masked))
      case 'POST /api/v1/indexer/test': {
        const checked = await validated(request)
        if ('response' in checked) return checked.response
        if (fault === 'test-failure')
          return json(400, [
            {
              propertyName: '',
              errorMessage: 'Unable to connect to indexer, check the log above the ValidationFailure for more details',
              severity: 'error',
              isWarning: false,
            },
          ])
        const tested = await liveTest(checked.body)
        return Array.isArray(tested) ? json(400, tested) : json(200, {})
      }
      case 'POST /api/v1/indexer': {
        const checked = await validated(request)
        if ('response' in checked) return checked.response
        const tested = checked.body.enable ? await liveTest(checked.body) : {}
        if (Array.isArray(tested)) return json(400, tested)
        const stored = masked(store(checked.body, checked.body.enable ? { capabilities: tested } : {}))
        const answer = fault === 'no-id' ? { ...stored, id: String(stored.id) } : stored
        return json(201, answer, { location: `${urlBase}/api/v1/indexer/${stored.id}` })
      }
    }
    const byId = /^\/api\/v1\/indexer\/(\d+)$/.exec(path)
    if (request.method === 'GET' && byId) {
      const found = indexers.find((indexer) => indexer.id === Number(byId[1]))
      return found ? json(200, masked(found)) : new Response(null, { status: 404 })
    }
    return new Response(null, { status: 404 })
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    // A hanging Prowlarr must outlast the service's own 10 s deadline instead of closing at Bun's default 10 s.
    idleTimeout: 60,
    development: false,
    fetch: async (request) => {
      const url = new URL(request.url)
      if (!url.pathname.startsWith(`${urlBase}/`)) return new Response(null, { status: 404 })
      const path = url.pathname.slice(urlBase.length)
      // clients §A.1: query `apikey` first, then X-Api-Key, then a Bearer token.
      const given =
        url.searchParams.get('apikey') ??
        request.headers.get('x-api-key') ??
        request.headers.get('authorization')?.replace(/^Bearer /, '') ??
        null
      const recorded: RecordedRequest = {
        method: request.method,
        path,
        search: url.search,
        apiKey: given,
        accept: request.headers.get('accept'),
      }
      requests.push(recorded)
      if (request.method === 'POST')
        recorded.body = await request
          .clone()
          .json()
          .catch(() => undefined)
      if (path === '/ping') return json(200, { status: 'OK' })
      if (given !== apiKey) return new Response(null, { status: 401 })
      const key = `${request.method} ${path}`
      const fault = faults.get(key) ?? faults.get('*')
      const broken = fault ? transportFault(fault, key, path) : null
      return broken ?? route(request, key, path, fault)
    },
  })

  return {
    url: `http://127.0.0.1:${server.port}${urlBase}`,
    apiKey,
    requests,
    indexers,
    appProfiles,
    fault: (fault, routeKey) => void faults.set(routeKey ?? DEFAULT_ROUTE[fault] ?? '*', fault),
    clearFaults: () => faults.clear(),
    addIndexer: (resource) => store(resource, {}),
    stop: async () => {
      for (const release of hanging.splice(0)) release()
      server.stop(true)
    },
  }
}
