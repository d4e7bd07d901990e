/** The dashboard in headless Chromium: Check now, a live progress bar to completion, and failures in words. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import { type BrowserSession, cleanUpHarness, FIXTURE_DUMP, openBrowser, type RunningBinary, startBinary } from '../helpers/ui-harness.ts'

setDefaultTimeout(60_000)

let releases: FakeReleases
let app: RunningBinary
let browser: BrowserSession

beforeAll(async () => {
  // Three 64 KiB chunks, 1.2 s apart: slow enough to watch the bar move at the UI's 1 s poll.
  releases = await startFakeReleases({
    dump: readFileSync(FIXTURE_DUMP),
    tag: 'db-2026-11-20',
    assetName: 'icvdb-2026-11-20.dump',
    chunkDelayMs: 1200,
  })
  app = await startBinary({ env: { SNAPSHOT_RELEASE_URL: releases.url } })
  browser = await openBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await releases?.stop()
  cleanUpHarness()
})

describe('updates', () => {
  test('before the first update the dashboard says no snapshot is installed', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    await page.getByTestId('installed-version').getByText('No snapshot installed yet').waitFor()
    expect(await page.getByTestId('database').textContent()).toContain('Not available')
  })

  test('Check now shows the download progressing to completion, then the installed snapshot', async () => {
    const { page } = browser
    await page.getByTestId('check-now').click()
    // While it runs, Last and Next check tell the truth instead of "Never".
    await page
      .getByTestId('last-check')
      .getByText(/^Running now \(started /)
      .waitFor()
    await page.getByTestId('next-check').getByText('After the check that is running').waitFor()
    const seen: Array<{ phase: string | null; percent: string | null }> = []
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      const sample = await page.evaluate(() => ({
        phase: document.querySelector('[data-testid="update-progress"], [data-testid="update-done"]')?.getAttribute('data-phase') ?? null,
        percent: document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null,
      }))
      seen.push(sample)
      if (sample.phase === 'done') break
      await Bun.sleep(150)
    }
    expect(seen.at(-1)?.phase).toBe('done')
    const downloading = seen
      .filter((sample) => sample.phase === 'downloading' && sample.percent !== null)
      .map((sample) => Number(sample.percent))
    expect(downloading.some((percent) => percent > 0 && percent < 100)).toBe(true)
    expect(downloading).toEqual([...downloading].sort((a, b) => a - b))
    await page.getByTestId('installed-version').getByText('db-2026-11-20').waitFor()
    await page.getByTestId('database').getByText('Connected').waitFor()
    expect(await page.getByTestId('update-done').textContent()).toContain('Installed db-2026-11-20')
    await page.locator('[data-testid="check-now"][data-state="ok"]').waitFor()
    expect(await page.getByTestId('snapshot-origin').textContent()).toBe('SourceAutomatic update · icvdb-2026-11-20.dump')
  })

  test('a failed update is explained in words on the dashboard', async () => {
    releases.set({ tag: 'db-2026-11-21', assetName: 'icvdb-2026-11-21.dump', digest: 'wrong', chunkDelayMs: 0 })
    const { page } = browser
    await page.reload()
    await page.getByTestId('check-now').click()
    const failed = page.getByTestId('update-failed')
    await failed.waitFor()
    expect(await failed.textContent()).toMatch(/^Failed.*does not match its published checksum/)
    expect(await failed.locator('code').textContent()).toMatch(/checksum mismatch/)
    await page.getByTestId('last-error').waitFor()
    // The snapshot that was serving keeps serving.
    expect(await page.getByTestId('installed-version').textContent()).toContain('db-2026-11-20')
  })

  test('no script error or CSP violation happened on the way', () => {
    expect(browser.errors).toEqual([])
  })
})
