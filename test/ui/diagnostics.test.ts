/**
 * Activity, the explain report, Logs and the dashboard's update history in headless Chromium, in
 * English and Italian, with an axe-core check (no serious or critical violation) on each new page.
 * Screenshots of Activity, an explained empty search and Logs go to test-artifacts/screenshots/ (copied
 * to docs/screenshots/ by hand, so a test run leaves the tree clean).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import {
  type BrowserSession,
  cleanUpHarness,
  importFixture,
  openBrowser,
  type RunningBinary,
  screenshot,
  startBinary,
  tempDir,
} from '../helpers/ui-harness.ts'

setDefaultTimeout(60_000)

const AXE = join(import.meta.dir, '../../node_modules/axe-core/axe.min.js')
let app: RunningBinary
let browser: BrowserSession

const api = (query: string, userAgent: string) =>
  fetch(`${app.base}/api?${query}`, { headers: { 'user-agent': userAgent } }).then((response) => response.text())

beforeAll(async () => {
  const dataDir = tempDir('icvdb-ui-diagnostics-')
  await importFixture(dataDir)
  // No release server answers there: a check fails, and the update history has an attempt to show.
  app = await startBinary({ dataDir, env: { SNAPSHOT_RELEASE_URL: 'http://127.0.0.1:9/releases/latest' } })
  await fetch(`${app.base}/webapi/updater/check`, { method: 'POST' })
  for (let attempt = 0; attempt < 200 && (await (await fetch(`${app.base}/webapi/updater`)).json()).updating; attempt++) await Bun.sleep(50)
  browser = await openBrowser()
  await api('t=tvsearch&cat=5000,5030,5040&extended=1&apikey=ui-test-key-123456', 'Sonarr/4.0.15.2941 (debian 12)')
  await api('t=movie&imdbid=tt1375666&apikey=ui-test-key-123456', 'Radarr/5.26.2.10099 (debian 12)')
  await api('t=tvsearch&imdbid=tt0903747&season=60&apikey=ui-test-key-123456', 'Sonarr/4.0.15.2941 (debian 12)')
  await api('t=caps', 'Prowlarr/1.37.0.5076 (debian 12)')
  await api('t=tvsearch&season=x', 'Sonarr/4.0.15.2941 (debian 12)')
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  cleanUpHarness()
})

/** axe-core run in the page: the serious and critical violations, as "rule: target" lines. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  // Evaluated over the DevTools protocol: the page's CSP (script-src 'self') forbids an injected <script>.
  await page.evaluate(readFileSync(AXE, 'utf8'))
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> }
      }
    ).axe
    return (await axe.run()).violations
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

describe('Activity', () => {
  test('lists the requests newest first, empty answers and errors highlighted, no key anywhere', async () => {
    const { page } = browser
    await page.goto(`${app.base}/activity`)
    const rows = page.getByTestId('request')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(5)
    expect(await rows.first().textContent()).toContain('error 201')
    const empty = page.locator('tr.row-empty')
    expect(await empty.count()).toBe(1)
    expect(await empty.textContent()).toContain('imdbid=tt0903747 season=60')
    expect(await page.locator('tr.row-error').count()).toBe(1)
    expect(await page.content()).not.toContain('ui-test-key')
    expect(await rows.nth(2).textContent()).toContain('Sonarr 4.0.15.2941')
    await screenshot(page, 'activity')
  })

  test('filters by client and by empty answers', async () => {
    const { page } = browser
    await page.goto(`${app.base}/activity`)
    await page.getByTestId('request').first().waitFor()
    const rows = page.getByTestId('request')
    await page.getByLabel('Client').selectOption('Radarr')
    // The Radarr row is on the page before the filter applies too: wait for the others to go.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=request]').length === 1)
    await rows.filter({ hasText: 'tt1375666' }).waitFor()
    expect(await rows.count()).toBe(1)
    await page.getByLabel('Client').selectOption('')
    await page.getByLabel('Show').selectOption('empty')
    await rows.filter({ hasText: 'season=60' }).waitFor()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=request]').length === 1)
    expect(await rows.textContent()).toContain('season=60')
    // The periodic refresh keeps the filter (it once fell back to every request).
    await page.waitForTimeout(5500)
    expect(await rows.count()).toBe(1)
  })

  test('Explain on the empty answer tells why, with the same query', async () => {
    const { page } = browser
    await page.goto(`${app.base}/activity`)
    await page.locator('tr.row-empty').getByRole('button', { name: 'Explain' }).click()
    const reason = page.getByTestId('empty-reason')
    await reason.waitFor()
    // Shown in the user's language; the server's own sentence one click away.
    expect(await reason.locator('.error-human').textContent()).toMatch(/^Season 60 is not in the snapshot; it has seasons [\d–, ]+\.$/)
    expect(await reason.locator('.error-original code').textContent()).toMatch(
      /^Season 60 is not in the snapshot; seasons? [\d–, ]+ (is|are)\.$/,
    )
    expect(await page.getByTestId('explain-report').textContent()).toContain(
      '/api?t=tvsearch&imdbid=tt0903747&season=60&limit=100&offset=0',
    )
    // From the top: the sticky top bar would otherwise land mid-page in a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'explain-empty')
    expect(await seriousViolations(page)).toEqual([])
    expect(browser.errors).toEqual([])
  })
})

describe('Logs', () => {
  test('shows the newest lines and filters by level', async () => {
    const { page } = browser
    await page.goto(`${app.base}/logs`)
    const lines = page.getByTestId('log-lines')
    await lines.waitFor()
    expect(await lines.locator('li').count()).toBeGreaterThan(0)
    await screenshot(page, 'logs')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Level').selectOption('error')
    await page.getByText('No line at this level.').waitFor()
  })
})

describe('dashboard and Italian', () => {
  test('the dashboard shows the update history, a failure with its sentence', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    await page.getByRole('heading', { name: 'Update history' }).waitFor()
    const history = page.getByTestId('update-history')
    await history.getByText('Failed', { exact: true }).waitFor()
    expect(await history.locator('.update-error').textContent()).toMatch(/\S/)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('Activity with an explained search and Logs in the dark theme: no serious axe violation', async () => {
    const dark = await openBrowser({ colorScheme: 'dark' })
    try {
      await dark.page.goto(`${app.base}/activity`)
      await dark.page.locator('tr.row-empty').getByRole('button', { name: 'Explain' }).click()
      await dark.page.getByTestId('empty-reason').waitFor()
      expect(await seriousViolations(dark.page)).toEqual([])
      await dark.page.goto(`${app.base}/logs`)
      await dark.page.getByTestId('log-lines').waitFor()
      expect(await seriousViolations(dark.page)).toEqual([])
    } finally {
      await dark.close()
    }
  })

  test('Activity and Logs in Italian, in the nav too', async () => {
    const italian = await openBrowser({ locale: 'it-IT' })
    try {
      await italian.page.goto(`${app.base}/activity`)
      await italian.page.getByRole('heading', { name: 'Attività', level: 1 }).waitFor()
      await italian.page.getByRole('button', { name: 'Spiega' }).first().waitFor()
      expect(await seriousViolations(italian.page)).toEqual([])
      await italian.page.getByRole('navigation').getByRole('link', { name: 'Log' }).click()
      await italian.page.getByRole('heading', { name: 'Log', level: 1 }).waitFor()
      expect(italian.errors).toEqual([])
    } finally {
      await italian.close()
    }
  })
})
