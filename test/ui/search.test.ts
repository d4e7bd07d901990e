/** The search page in headless Chromium: the results table, paging, filters and copying a magnet. */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { type BrowserSession, cleanUpHarness, openBrowser, type RunningBinary, startWithFixture } from '../helpers/ui-harness.ts'

setDefaultTimeout(30_000)

let app: RunningBinary
let browser: BrowserSession

beforeAll(async () => {
  app = await startWithFixture('icvdb-ui-search-')
  browser = await openBrowser()
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base })
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  cleanUpHarness()
})

test('an empty search lists the newest releases, 50 per page, and pages forward', async () => {
  const { page } = browser
  await page.goto(`${app.base}/search`)
  const count = page.getByTestId('results-count')
  await count.getByText('1–50 of 410 results').waitFor()
  expect(await page.getByTestId('result').count()).toBe(50)
  const firstPage = await page.locator('.release-title').first().textContent()
  await page.getByRole('button', { name: 'Next' }).click()
  await count.getByText('51–100 of 410 results').waitFor()
  expect(await page.locator('.release-title').first().textContent()).not.toBe(firstPage)
  await page.getByRole('button', { name: 'Previous' }).click()
  await count.getByText('1–50 of 410 results').waitFor()
})

test('a TV search by season and episode finds the episode and the packs that contain it', async () => {
  const { page } = browser
  await page.goto(`${app.base}/search`)
  await page.getByLabel('Search text').fill('Breaking Bad')
  await page.getByLabel('Type').selectOption('tvsearch')
  await page.getByLabel('Season').fill('2')
  await page.getByLabel('Episode').fill('5')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.waitForURL(/\/search\?t=tvsearch&q=Breaking\+Bad&season=2&ep=5$/)
  const titles = await page.locator('.release-title').allTextContents()
  expect(titles).toContain('Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP')
  expect(titles).toContain('Breaking.Bad.S02.Stagione.2.Completa.ITA.ENG.720p.BluRay.x264')
  expect(titles).not.toContain('Breaking.Bad.S02E06.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP')
})

test('the table shows size, seeders, category, language and age for each release', async () => {
  const { page } = browser
  await page.goto(`${app.base}/search?q=dune`)
  const row = page.getByTestId('result').filter({ hasText: 'Dune.Parte.Due.2024.ITA.ENG.2160p' })
  await row.waitFor()
  const cells = await row.locator('td').allTextContents()
  expect(cells[2]).toBe('1,204')
  expect(cells[3]).toBe('Movies UHD')
  expect(cells[4]).toContain('Italian')
  expect(cells[1]).toMatch(/^[\d.,]+ (MiB|GiB)$/)
  expect(cells[5]).toMatch(/^\d+ d$/)
})

test('a release whose served title differs shows what Sonarr and Radarr receive under the stored title', async () => {
  const { page } = browser
  await page.goto(`${app.base}/search?q=boris`)
  const row = page.getByTestId('result').filter({ hasText: 'Boris S02E07 [SUB ITA] 1080p' })
  await row.waitFor()
  expect(await row.getByTestId('served-title').textContent()).toBe('Sonarr and Radarr receive: Boris S02E07 [SUBITA] 1080p')
  const unchanged = page.getByTestId('result').filter({ hasText: 'Boris 2x14 ITA 720p' })
  expect(await unchanged.getByTestId('served-title').count()).toBe(0)
})

test('Copy magnet puts the release’s magnet link on the clipboard', async () => {
  const { page } = browser
  await page.goto(`${app.base}/search?q=dune`)
  const row = page.getByTestId('result').first()
  await row.waitFor()
  const title = (await row.locator('.release-title').textContent()) ?? ''
  await page.getByRole('button', { name: `Copy magnet ${title}` }).click()
  await page.getByTestId('toast-success').getByText('Magnet link copied').waitFor()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^magnet:\?xt=urn:btih:[0-9a-f]{40}&dn=/)
  expect(copied).toBe((await row.locator('a.magnet-link').getAttribute('href')) ?? '')
})

test('a bad parameter is reported with the server’s sentence', async () => {
  const { page } = browser
  await page.goto(`${app.base}/search`)
  await page.getByLabel('IMDb id').fill('not-an-id')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByTestId('toast-error').waitFor()
  expect(await page.getByTestId('toast-error').textContent()).toContain('imdbid')
})

test('no script error or CSP violation happened on the way', () => {
  expect(browser.errors).toEqual([])
})
