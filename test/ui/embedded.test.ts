/**
 * The web UI of an indexer mounted by another host under a prefix (createIndexer, Hono's mount): a
 * real browser loads it at /indexer/, follows the nav, saves a setting and reloads a deep page,
 * without one request leaving the prefix.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import type { Server } from 'bun'
import { Hono } from 'hono'
import { createIndexer, type Indexer } from '../../runtime/indexer.ts'
import { tempDataDir } from '../helpers/server.ts'
import { type BrowserSession, cleanUpHarness, openBrowser } from '../helpers/ui-harness.ts'

let indexer: Indexer
let server: Server<undefined>
let browser: BrowserSession
let dataDir: string
let origin: string
const outside: string[] = []

beforeAll(async () => {
  dataDir = tempDataDir('icvdb-ui-embedded-')
  indexer = await createIndexer({
    dataDir,
    basePath: '/indexer',
    env: { DB_UPDATE_START_DELAY: '3600', SEARCH_WORKERS: '0' },
    logSink: () => {},
  })
  const app = new Hono()
  app.get('/', (c) => c.text('the host application'))
  app.mount('/indexer', indexer.fetch)
  app.all('*', (c) => {
    outside.push(c.req.path)
    return c.text('not the indexer', 404)
  })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', development: false, idleTimeout: 30, fetch: app.fetch })
  origin = `http://127.0.0.1:${server.port}`
  browser = await openBrowser()
})

afterAll(async () => {
  await browser?.close()
  server?.stop(true)
  await indexer?.close()
  rmSync(dataDir, { recursive: true, force: true })
  cleanUpHarness()
})

test('under /indexer/ the UI loads, navigates, saves and reloads without leaving the prefix', async () => {
  const { page, errors } = browser
  await page.goto(`${origin}/indexer/`)
  await page.getByTestId('installed-version').waitFor()
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByLabel('Check every').waitFor()
  expect(new URL(page.url()).pathname).toBe('/indexer/settings')
  // The Torznab URL it suggests for Prowlarr is the indexer's, under the prefix.
  expect(await page.getByTestId('use-suggestion').textContent()).toContain(`${origin}/indexer/api`)
  await page.getByLabel('Check every').fill('6')
  await page.getByLabel('Unit').selectOption('hours')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByTestId('toast-success').getByText('Settings saved').waitFor()
  expect(indexer.context.settings.effective().database_update.interval_seconds).toBe(21600)
  await page.reload()
  await page.getByLabel('Check every').waitFor()
  await page.goBack()
  await page.getByTestId('installed-version').waitFor()
  expect(new URL(page.url()).pathname).toBe('/indexer/')
  // The search page keeps its form in the address, under the prefix too.
  await page.getByRole('link', { name: 'Search', exact: true }).click()
  await page.getByTestId('search-submit').waitFor()
  await page.waitForLoadState('networkidle')
  expect(new URL(page.url()).pathname).toBe('/indexer/search')
  expect(outside).toEqual([])
  expect(errors).toEqual([])
})
