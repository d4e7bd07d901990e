/**
 * The first ten minutes in headless Chromium, against the compiled executable with no internet:
 * the failed first check explained, a dump uploaded and searched, adding the indexer by hand, the
 * manager's failures in English and Italian, toasts, the unsaved-changes guard, a lost connection,
 * and axe-core over every state (0 serious or critical findings).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { FAKE_PROWLARR_KEY, startFakeProwlarr, type FakeProwlarr } from '../fakes/fake-prowlarr.ts'
import { seriousViolations } from '../helpers/axe.ts'
import {
  type BrowserSession,
  cleanUpHarness,
  FIXTURE_DUMP,
  openBrowser,
  type RunningBinary,
  screenshot,
  startBinary,
} from '../helpers/ui-harness.ts'

setDefaultTimeout(60_000)

let app: RunningBinary
let prowlarr: FakeProwlarr
let browser: BrowserSession

beforeAll(async () => {
  prowlarr = startFakeProwlarr()
  // No internet: the release server refuses, and the first check runs at once (nothing installed).
  app = await startBinary({ env: { SNAPSHOT_RELEASE_URL: 'http://127.0.0.1:9/releases/latest', DB_UPDATE_START_DELAY: '0' } })
  browser = await openBrowser()
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base })
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await prowlarr?.stop()
  cleanUpHarness()
})

const expectAccessible = async (page: Page, state: string) => {
  const findings = await seriousViolations(page)
  expect({ state, findings }).toEqual({ state, findings: [] })
}

const setLanguage = (page: Page, language: 'English' | 'Italiano') =>
  page.locator('header select').first().selectOption({ label: language })

describe('offline first run', () => {
  test('the failed first check says why, when the next try is, and how to install by hand', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    await page.getByTestId('auth-notice').waitFor()
    const lastError = page.getByTestId('last-error')
    await lastError.getByText('The snapshot list on GitHub cannot be reached').waitFor()
    expect(await page.getByTestId('retry-hint').textContent()).toMatch(/^Next try: .+\. Install a snapshot by hand$/)
    await lastError.getByText('Original message').click()
    await lastError.getByText(/^Release check failed: cannot reach the release server \(connection refused\)$/).waitFor()
    await screenshot(page, 'firstrun-offline-dashboard')
    await expectAccessible(page, 'offline dashboard, light')
  })

  test('Check now reports the failed check as a failure', async () => {
    const { page } = browser
    await page.getByTestId('check-now').click()
    await page.locator('[data-testid="check-now"][data-state="error"]').waitFor()
    await page.getByTestId('update-failed').getByText('cannot be reached').waitFor()
  })

  test('a dump uploaded from the browser is installed with progress, then described and searchable', async () => {
    const { page } = browser
    await page
      .locator('#dump-file')
      .setInputFiles({ name: 'icvdb-2026-11-20.dump', mimeType: 'application/octet-stream', buffer: readFileSync(FIXTURE_DUMP) })
    await page.getByTestId('upload-dump').click()
    await page.getByTestId('update-done').getByText('Installed db-2026-11-20').waitFor({ timeout: 30_000 })
    await page.getByTestId('installed-version').getByText('db-2026-11-20').waitFor()
    await page.getByTestId('snapshot-rows').getByText('410 torrents · 1,206 files · 80 pack entries').waitFor()
    expect(await page.getByTestId('snapshot-origin').textContent()).toBe('SourceUploaded · icvdb-2026-11-20.dump')
    expect(await page.getByTestId('snapshot-size').textContent()).toMatch(/^Size on disk[\d.,]+ (KiB|MiB)$/)
    await page
      .getByTestId('snapshot-installed-at')
      .getByText(/just now|min ago/)
      .waitFor()
    await page.getByTestId('database').getByText('Connected').waitFor()
    await screenshot(page, 'firstrun-installed-dashboard')
    await expectAccessible(page, 'installed dashboard, light')

    await page.getByRole('link', { name: 'Search' }).click()
    await page.locator('#search-q').fill('Breaking Bad')
    await page.getByTestId('search-submit').click()
    const title = page.getByTestId('result-title').filter({ hasText: 'Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP' }).first()
    await title.waitFor()
    // Unfiltered: every score is 0, so there is no Score column.
    expect(await page.getByTestId('score').count()).toBe(0)
    await title.click()
    const details = page.getByTestId('result-details').first()
    expect(await details.getByTestId('detail-hash').textContent()).toMatch(/^[0-9a-f]{40}$/)
    await details.getByText('Provider').waitFor()
    await screenshot(page, 'firstrun-search-details')
    await expectAccessible(page, 'search results with details, light')
  })
})

describe('upload progress', () => {
  test('a slow upload shows its progress bar moving before the install takes over', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    // 137 KB at 48 KiB/s: about three seconds on the wire, so the bar is seen part way.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 48 * 1024 })
    try {
      await page
        .locator('#dump-file')
        .setInputFiles({ name: 'icvdb-2026-11-21.dump', mimeType: 'application/octet-stream', buffer: readFileSync(FIXTURE_DUMP) })
      await page.getByTestId('upload-dump').click()
      const bar = page.getByTestId('upload-progress').getByRole('progressbar')
      await bar.waitFor()
      await page.waitForFunction(() => {
        const now = Number(document.querySelector('[data-testid="upload-progress"] [role="progressbar"]')?.getAttribute('aria-valuenow'))
        return now > 0 && now < 100
      })
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/KiB/)
      await page.getByTestId('update-done').getByText('Installed db-2026-11-21').waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('upload-progress').count()).toBe(0)
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      await cdp.detach()
    }
  })
})

describe('install by path', () => {
  test('a path on the server installs that file; a missing one is explained', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    await page.locator('#dump-path').fill('/nonexistent/icvdb-2026-11-20.dump')
    await page.getByTestId('install-path').click()
    await page.getByTestId('install-error').getByText('There is no such file on the server.').waitFor()
    await page.locator('#dump-path').fill(FIXTURE_DUMP)
    await page.getByTestId('install-path').click()
    await page.getByTestId('update-done').getByText('Installed manual-icvdb-sample-1.14-gzip.dump').waitFor({ timeout: 30_000 })
    await page.getByTestId('snapshot-origin').getByText('File on the server').waitFor()
    expect(await page.getByTestId('install-error').count()).toBe(0)
  })
})

describe('add manually', () => {
  test('shows the Torznab URL as this browser reaches it, warns about loopback, and copies', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    expect(await page.getByTestId('torznab-url').textContent()).toBe(`${app.base}/api`)
    await page.getByTestId('loopback-warning').getByText('127.0.0.1').first().waitFor()
    await page.getByTestId('any-key').getByText('Any value works').waitFor()
    expect(await page.getByTestId('categories').textContent()).toContain('5070')
    // Releases without a resolution carry only the parent category: Sonarr's defaults would miss them.
    expect(await page.getByTestId('categories-hint').textContent()).toContain('TV 5000, Movies 2000')
    expect(await page.getByTestId('caps-link').getAttribute('href')).toBe('/api?t=caps')
    await page.getByTestId('copy-torznab-url').click()
    await page.getByTestId('toast-success').getByText('URL copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.base}/api`)
    await page
      .locator('section[aria-labelledby="add-manually"]')
      .screenshot({ path: `${import.meta.dir}/../../test-artifacts/screenshots/firstrun-add-manually.png` })
  })

  test('the no-login notice can be dismissed and stays dismissed', async () => {
    const { page } = browser
    await page.getByTestId('dismiss-auth-notice').click()
    await page.reload()
    await page.getByTestId('torznab-url').waitFor()
    expect(await page.getByTestId('auth-notice').count()).toBe(0)
  })
})

/** Saves a Prowlarr URL and key, presses Test, and answers the outcome callout. */
const testManager = async (page: Page, url: string, key: string) => {
  await page.goto(`${app.base}/settings`)
  await page.getByLabel('Prowlarr URL').fill(url)
  await page.getByLabel('API key', { exact: true }).fill(key)
  await page.getByTestId('test-manager').click()
  const outcome = page.getByTestId('manager-outcome')
  await outcome.waitFor({ timeout: 30_000 })
  return outcome
}

describe('manager failures in both languages', () => {
  const cases: Array<{ name: string; url: () => string; key?: string; en: string; it: string; original: RegExp }> = [
    {
      name: 'a wrong API key',
      url: () => prowlarr.url,
      key: 'wrong-key',
      en: 'Prowlarr refused the API key. Copy it from Prowlarr → Settings → General → Security → API Key',
      it: 'Prowlarr ha rifiutato la chiave API',
      original: /^Manager returned HTTP 401$/,
    },
    {
      name: 'a refused connection',
      url: () => 'http://127.0.0.1:9',
      en: 'Nothing answers at the Prowlarr URL (connection refused)',
      it: "All'URL di Prowlarr non risponde nessuno",
      original: /^Unable to connect to Manager \(connection refused\)$/,
    },
    {
      name: 'something that is not Prowlarr',
      url: () => app.base,
      en: 'Something answers at this address, but it is not Prowlarr',
      it: 'A questo indirizzo risponde qualcosa, ma non è Prowlarr',
      original: /^Manager returned HTTP 404$/,
    },
  ]
  for (const failure of cases) {
    test(`${failure.name}: what to do, in English and Italian, the original one click away`, async () => {
      const { page } = browser
      const outcome = await testManager(page, failure.url(), failure.key ?? FAKE_PROWLARR_KEY)
      await outcome.getByText(failure.en).waitFor()
      await setLanguage(page, 'Italiano')
      await outcome.getByText(failure.it).waitFor()
      await outcome.getByText('Messaggio originale').click()
      await outcome.getByText(failure.original).waitFor()
      await setLanguage(page, 'English')
      await expectAccessible(page, `settings: ${failure.name}`)
    })
  }

  test('a timeout (Prowlarr never answers) after its 10 s deadline', async () => {
    const { page } = browser
    prowlarr.fault('hang')
    try {
      const outcome = await testManager(page, prowlarr.url, FAKE_PROWLARR_KEY)
      await outcome.getByText('Prowlarr did not answer in time').waitFor({ timeout: 30_000 })
      await setLanguage(page, 'Italiano')
      await outcome.getByText('Prowlarr non ha risposto in tempo').waitFor()
      await expectAccessible(page, 'settings with a manager error, Italian')
    } finally {
      prowlarr.clearFaults()
      await setLanguage(page, 'English')
    }
  }, 40_000)

  test('an indexer URL on a loopback address gets a warning', async () => {
    const { page } = browser
    await page.goto(`${app.base}/settings`)
    await page.getByLabel('Indexer URL').fill('http://127.0.0.1:8000/api')
    await page.getByTestId('indexer-loopback').getByText('A loopback address (localhost, 127.0.0.1) works only').waitFor()
    await page.getByLabel('Indexer URL').fill('http://icvdb-indexer:8000/api')
    expect(await page.getByTestId('indexer-loopback').count()).toBe(0)
    await page.getByTestId('save-settings').click()
    await page.getByTestId('toast-success').waitFor()
  })

  test('Test says it saves first; a success replaces the error toast of the same cause', async () => {
    const { page } = browser
    await testManager(page, prowlarr.url, 'wrong-key')
    expect(await page.getByTestId('toast-error').count()).toBe(1)
    expect(await page.getByTestId('save-first').textContent()).toContain('save the form first')
    await page.getByLabel('API key', { exact: true }).fill(FAKE_PROWLARR_KEY)
    await page.getByTestId('test-manager').click()
    await page.getByTestId('toast-success').waitFor()
    expect(await page.getByTestId('toast-error').count()).toBe(0)
  })
})

describe('toasts', () => {
  test('errors stay until dismissed, one per cause, never over Save, and go when the page changes; successes fade', async () => {
    const { page } = browser
    await page.goto(`${app.base}/settings`)
    await page.getByLabel('Prowlarr URL').fill('http://admin:secret@prowlarr:9696')
    const save = page.getByTestId('save-settings')
    await save.click()
    await save.click()
    const error = page.getByTestId('toast-error')
    await error.getByText('The Prowlarr URL must be a full address').waitFor()
    expect(await error.count()).toBe(1)
    await Bun.sleep(5000)
    expect(await error.count()).toBe(1)
    const [toastBox, saveBox] = [await error.boundingBox(), await save.boundingBox()]
    const overlaps =
      !!toastBox &&
      !!saveBox &&
      toastBox.x < saveBox.x + saveBox.width &&
      saveBox.x < toastBox.x + toastBox.width &&
      toastBox.y < saveBox.y + saveBox.height &&
      saveBox.y < toastBox.y + toastBox.height
    expect(overlaps).toBe(false)
    await screenshot(page, 'firstrun-settings-error')
    await error.getByRole('button', { name: 'Dismiss' }).click()
    expect(await error.count()).toBe(0)

    await save.click()
    await error.waitFor()
    await page.getByLabel('Prowlarr URL').fill('')
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByTestId('torznab-url').waitFor()
    expect(await error.count()).toBe(0)

    await page.getByTestId('copy-torznab-url').click()
    const success = page.getByTestId('toast-success')
    await success.waitFor()
    await success.waitFor({ state: 'detached', timeout: 6000 })
  }, 40_000)
})

describe('toasts on a phone', () => {
  test('an error toast never covers the Save button it answers', async () => {
    const session = await openBrowser({ viewport: { width: 390, height: 844 } })
    try {
      const { page } = session
      await page.goto(`${app.base}/settings`)
      await page.getByLabel('Prowlarr URL').fill('prowlarr')
      const save = page.getByTestId('save-settings')
      await save.click()
      const error = page.getByTestId('toast-error')
      await error.waitFor()
      const [toastBox, saveBox] = [await error.boundingBox(), await save.boundingBox()]
      expect(toastBox && saveBox && toastBox.y + toastBox.height <= saveBox.y).toBe(true)
    } finally {
      await session.close()
    }
  })
})

describe('unsaved changes', () => {
  test('leaving Settings with unsaved edits asks first; staying keeps the edits', async () => {
    const { page } = browser
    await page.goto(`${app.base}/settings`)
    await page.getByLabel('Check every').fill('3')
    await page.getByTestId('unsaved').waitFor()
    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.dismiss()
    })
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await Bun.sleep(200)
    expect(asked).toBe('You have unsaved changes on this page. Leave without saving?')
    expect(new URL(page.url()).pathname).toBe('/settings')
    expect(await page.getByLabel('Check every').inputValue()).toBe('3')
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByTestId('torznab-url').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
  })

  test('a saved form leaves without asking', async () => {
    const { page } = browser
    await page.goto(`${app.base}/settings`)
    await page.getByLabel('Check every').fill('2')
    await page.getByTestId('save-settings').click()
    await page.getByTestId('toast-success').waitFor()
    let asked = false
    page.once('dialog', (dialog) => {
      asked = true
      void dialog.dismiss()
    })
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByTestId('torznab-url').waitFor()
    expect(asked).toBe(false)
  })
})

describe('accessibility in dark and Italian', () => {
  test('every page, dark theme, both languages, phone and desktop: 0 serious or critical findings', async () => {
    for (const [locale, colorScheme, viewport] of [
      ['it-IT', 'dark', { width: 1280, height: 800 }],
      ['en-US', 'dark', { width: 390, height: 844 }],
      ['en-US', 'light', { width: 390, height: 844 }],
    ] as const) {
      const session = await openBrowser({ locale, colorScheme, viewport })
      try {
        for (const path of ['/', '/settings', '/result-processing', '/search']) {
          await session.page.goto(`${app.base}${path}`)
          await session.page.locator('main h1').waitFor()
          await expectAccessible(session.page, `${path} ${locale} ${colorScheme} ${viewport.width}px`)
        }
        await session.page.goto(`${app.base}/search`)
        await session.page.locator('#search-q, input[type="search"]').first().fill('Breaking')
        await session.page.keyboard.press('Enter')
        await session.page.locator('table').waitFor()
        await expectAccessible(session.page, `search results ${locale} ${colorScheme} ${viewport.width}px`)
      } finally {
        await session.close()
      }
    }
  })
})

describe('connection lost', () => {
  test('the backend stops: a banner with Retry, and no "Connected" left on the page', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    await page.getByTestId('database').getByText('Connected').waitFor()
    await app.stop()
    await page.getByTestId('connection-lost').waitFor({ timeout: 10_000 })
    await page.getByTestId('connection-retry').waitFor()
    await page.getByTestId('database').getByText('Unknown (no connection)').waitFor()
    expect(await page.getByTestId('database').textContent()).not.toContain('Connected')
    await screenshot(page, 'firstrun-connection-lost')
    await expectAccessible(page, 'connection lost')
  })

  test('no script error or CSP violation happened on the way', () => {
    // "Failed to fetch" from the stopped backend is the expected end of the previous test.
    expect(browser.errors.filter((error) => !/Failed to fetch|ERR_CONNECTION_REFUSED/.test(error))).toEqual([])
  })
})
