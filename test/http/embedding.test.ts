/**
 * createIndexer (runtime/indexer.ts), the package entry, embedded three ways: its own Bun.serve under
 * a base path, mounted in another fetch host (Hono) under a prefix, and called in-process with no
 * socket. Links, redirects and the UI must keep the prefix; the data directory must be asked for.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Server } from 'bun'
import { Hono } from 'hono'
import { createContext } from '../../runtime/context.ts'
import { openSnapshot } from '../../runtime/db/database.ts'
import { StartupError } from '../../runtime/errors.ts'
import { createIndexer, type Indexer } from '../../runtime/indexer.ts'
import { importFixture, type FixtureSnapshot } from '../helpers/fixture-snapshot.ts'
import { tempDataDir } from '../helpers/server.ts'

const QUIET = { DB_UPDATE_START_DELAY: '3600', SEARCH_WORKERS: '0' }
let fixture: FixtureSnapshot

beforeAll(async () => {
  fixture = await importFixture()
})
afterAll(() => fixture.remove())

/** An indexer on a fresh data directory, serving the fixture snapshot. */
const embedded = async (basePath?: string): Promise<{ indexer: Indexer; dataDir: string; stop(): Promise<void> }> => {
  const dataDir = tempDataDir('icvdb-embed-')
  const indexer = await createIndexer({ dataDir, basePath, env: QUIET, logSink: () => {} })
  indexer.context.database.swap(openSnapshot(fixture.directory, 'db-fixture'))
  return {
    indexer,
    dataDir,
    stop: async () => {
      await indexer.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

type Handler = (request: Request, server: Server<undefined>) => Response | Promise<Response>

const serveOn = (fetch: Handler): Server<undefined> =>
  Bun.serve({ port: 0, hostname: '127.0.0.1', development: false, idleTimeout: 30, fetch })

const enclosures = (feed: string): string[] => [...feed.matchAll(/<enclosure url="([^"]+)"/g)].map((match) => match[1])

/** For one describe block: an indexer under /indexer, served on loopback by the host `mount` builds. */
const hosted = (mount: (indexer: Indexer) => Handler) => {
  const state = {} as { host: Awaited<ReturnType<typeof embedded>>; server: Server<undefined>; origin: string }
  beforeAll(async () => {
    state.host = await embedded('/indexer')
    state.server = serveOn(mount(state.host.indexer))
    state.origin = `http://127.0.0.1:${state.server.port}`
  })
  afterAll(async () => {
    state.server.stop(true)
    await state.host.stop()
  })
  return state
}

describe('createIndexer in its own Bun.serve under a base path', () => {
  const state = hosted((indexer) => (request, server) => indexer.fetch(request, server))
  let host: Awaited<ReturnType<typeof embedded>>
  let origin: string
  beforeAll(() => {
    ;({ host, origin } = state)
    host.indexer.start({ address: { host: '127.0.0.1', port: state.server.port as number } })
  })

  test('feed, self and enclosure links keep the base path', async () => {
    const response = await fetch(`${origin}/indexer/api?t=search&q=the`)
    expect(response.status).toBe(200)
    const feed = await response.text()
    const links = enclosures(feed)
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link.startsWith(`${origin}/indexer/api?t=get&amp;id=`)).toBe(true)
    expect(feed).toContain(`href="${origin}/indexer/api"`)
    const get = await fetch(links[0].replaceAll('&amp;', '&'), { redirect: 'manual' })
    expect(get.status).toBe(302)
    expect(get.headers.get('location')).toStartWith('magnet:?xt=urn:btih:')
  })

  test('the base path without its slash redirects to the UI, keeping the query', async () => {
    const response = await fetch(`${origin}/indexer?x=1`, { redirect: 'manual' })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/indexer/?x=1')
  })

  test('the UI under the prefix loads its assets and API by relative URLs', async () => {
    const page = await fetch(`${origin}/indexer/settings`, { headers: { accept: 'text/html' } })
    if (page.status === 503) return // UI not built (npm test builds it first)
    expect(page.status).toBe(200)
    const html = await page.text()
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1])
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets) {
      expect(asset).toStartWith('./assets/')
      expect((await fetch(new URL(asset, `${origin}/indexer/settings`))).status).toBe(200)
    }
    expect((await fetch(`${origin}/indexer/webapi/status`)).status).toBe(200)
  })

  test('start() publishes the address with the base path, close() withdraws it', async () => {
    const address = join(host.dataDir, 'state', 'service.url')
    expect(readFileSync(address, 'utf8')).toBe(`${origin}/indexer\n`)
  })

  test('a second indexer on the same data directory is refused: the directory is locked', async () => {
    const refused = await createIndexer({ dataDir: host.dataDir, env: QUIET }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(StartupError)
    expect((refused as Error).message).toContain('is already running on')
  })
})

describe('createIndexer mounted in Hono under a prefix', () => {
  const state = hosted((indexer) => {
    const app = new Hono()
    app.get('/', (c) => c.text('the host application'))
    // mount() takes the prefix off before calling the indexer.
    app.mount('/indexer', indexer.fetch)
    return app.fetch
  })
  let origin: string
  beforeAll(() => {
    origin = state.origin
  })

  test('the host keeps its own routes', async () => {
    expect(await (await fetch(`${origin}/`)).text()).toBe('the host application')
  })

  test('Torznab links point back under the prefix', async () => {
    const feed = await (await fetch(`${origin}/indexer/api?t=search&q=the`)).text()
    const links = enclosures(feed)
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toStartWith(`${origin}/indexer/api?t=get&amp;id=`)
    const caps = await fetch(`${origin}/indexer/api?t=caps`)
    expect(caps.status).toBe(200)
    expect(await caps.text()).toContain('<caps>')
  })

  test('/webapi and the UI answer under the prefix', async () => {
    const status = await fetch(`${origin}/indexer/webapi/status`)
    expect(status.status).toBe(200)
    const page = await fetch(`${origin}/indexer/`, { headers: { accept: 'text/html' } })
    if (page.status === 503) return // UI not built
    const html = await page.text()
    const script = html.match(/src="([^"]+)"/)?.[1] as string
    expect(script).toStartWith('./assets/')
    expect((await fetch(new URL(script, `${origin}/indexer/`))).status).toBe(200)
  })
})

describe('createIndexer in-process, no socket', () => {
  test('fetch answers a Request directly', async () => {
    const host = await embedded()
    try {
      const caps = await host.indexer.fetch(new Request('http://localhost/api?t=caps', { headers: { host: 'localhost' } }))
      expect(caps.status).toBe(200)
      expect(caps.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      const feed = await (
        await host.indexer.fetch(new Request('http://localhost/api?t=search&q=the', { headers: { host: 'localhost' } }))
      ).text()
      for (const link of enclosures(feed)) expect(link).toStartWith('http://localhost/api?t=get&amp;id=')
      const status = await host.indexer.fetch(new Request('http://localhost/webapi/status', { headers: { host: 'localhost' } }))
      expect(status.status).toBe(200)
    } finally {
      await host.stop()
    }
  })

  test('close() releases the data directory for the next indexer', async () => {
    const dataDir = tempDataDir('icvdb-embed-')
    try {
      await (await createIndexer({ dataDir, env: QUIET, logSink: () => {} })).close()
      await (await createIndexer({ dataDir, env: QUIET, logSink: () => {} })).close()
      expect(existsSync(join(dataDir, 'state', 'service.url'))).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('a base path that is not plain path segments is refused', async () => {
    const dataDir = tempDataDir('icvdb-embed-')
    try {
      await expect(createIndexer({ dataDir, basePath: '/a b', env: QUIET })).rejects.toThrow('basePath must be')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('createContext asks for a data directory instead of writing to /data', () => {
    expect(() => createContext({ env: {} })).toThrow('createContext needs a data directory')
  })
})
