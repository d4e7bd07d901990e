/**
 * Screenshots of every page at desktop (1280×800) and phone (390×844) width, light and dark, into
 * test-artifacts/screenshots/ (git-ignored), against a service with a snapshot, settings and rules.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import {
  cleanUpHarness,
  FIXTURE_DUMP,
  openBrowser,
  type RunningBinary,
  screenshot,
  SCREENSHOTS,
  startBinary,
} from '../helpers/ui-harness.ts'

setDefaultTimeout(60_000)

let releases: FakeReleases
let app: RunningBinary

const put = (path: string, body: unknown) =>
  fetch(`${app.base}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

beforeAll(async () => {
  releases = await startFakeReleases({ dump: readFileSync(FIXTURE_DUMP), tag: 'db-2026-11-20', assetName: 'icvdb-2026-11-20.dump' })
  app = await startBinary({ env: { SNAPSHOT_RELEASE_URL: releases.url } })
  await fetch(`${app.base}/webapi/updater/check`, { method: 'POST' })
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = await (await fetch(`${app.base}/webapi/status`)).json()
    if (status.updater.installed_version === 'db-2026-11-20') break
    await Bun.sleep(50)
  }
  const rules = [
    { enabled: true, field: 'title', operator: 'contains', value: 'ITA', action: 'score', score: 100 },
    { enabled: true, field: 'size', operator: 'gte', value: 20 * 1024 ** 3, action: 'exclude' },
    { enabled: false, field: 'seeders', operator: 'lte', value: 2, action: 'score', score: -50 },
  ]
  await put('/webapi/settings', {
    schema_version: 1,
    database_update: { enabled: true, interval_seconds: 43200 },
    result_processing: { preset: 'custom', custom_rules: rules },
    manager: { url: 'http://prowlarr:9696', indexer_url: `${app.base}/api`, api_key: 'screenshot-key-0123456789' },
  })
})
afterAll(async () => {
  await app?.stop()
  await releases?.stop()
  cleanUpHarness()
})

const PAGES: ReadonlyArray<readonly [string, string, (page: Page) => Promise<void>]> = [
  ['dashboard', '/', (page) => page.getByTestId('installed-version').getByText('db-2026-11-20').waitFor()],
  ['settings', '/settings', (page) => page.getByLabel('Indexer URL').waitFor()],
  ['result-processing', '/result-processing', (page) => page.getByTestId('rule').first().waitFor()],
  ['search', '/search?q=dune', (page) => page.getByTestId('result').first().waitFor()],
]
const DEVICES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (path: string) => {
  const bytes = readFileSync(path)
  expect(bytes.subarray(1, 4).toString()).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

for (const [device, viewport] of DEVICES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`${device}, ${colorScheme}`, () => {
      test('every page renders and is captured at the device width', async () => {
        const browser = await openBrowser({ viewport, colorScheme })
        try {
          for (const [name, path, ready] of PAGES) {
            await browser.page.goto(`${app.base}${path}`)
            await ready(browser.page)
            const file = await screenshot(browser.page, `${name}-${device}-${colorScheme}`)
            const size = pngSize(file)
            expect(size.width).toBe(viewport.width)
            expect(size.height).toBeGreaterThanOrEqual(viewport.height)
          }
          expect(browser.errors).toEqual([])
        } finally {
          await browser.close()
        }
      })
    })
  }
}

test('the Italian dashboard and the open phone menu are captured too', async () => {
  const italian = await openBrowser({ locale: 'it-IT' })
  try {
    await italian.page.goto(`${app.base}/`)
    await italian.page.getByText('Snapshot installato').waitFor()
    await screenshot(italian.page, 'dashboard-desktop-light-it')
  } finally {
    await italian.close()
  }
  const phone = await openBrowser({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' })
  try {
    await phone.page.goto(`${app.base}/`)
    await phone.page.getByRole('button', { name: 'Menu' }).click()
    await phone.page.getByRole('navigation').getByRole('link', { name: 'Search' }).waitFor()
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'menu-phone-dark.png') })
  } finally {
    await phone.close()
  }
})
