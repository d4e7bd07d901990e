/** Settings in headless Chromium against the compiled executable and the fake Prowlarr. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { FAKE_PROWLARR_KEY, startFakeProwlarr, type FakeProwlarr } from '../fakes/fake-prowlarr.ts'
import {
  type BrowserSession,
  cleanUpHarness,
  openBrowser,
  type RunningBinary,
  startBinary,
  startWithFixture,
} from '../helpers/ui-harness.ts'

setDefaultTimeout(30_000)

let app: RunningBinary
let prowlarr: FakeProwlarr
let browser: BrowserSession

beforeAll(async () => {
  prowlarr = startFakeProwlarr()
  // Prowlarr tests a new indexer with a real query, which only a snapshot with releases passes.
  app = await startWithFixture('icvdb-ui-settings-')
  browser = await openBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await prowlarr?.stop()
  cleanUpHarness()
})

const settings = () => fetch(`${app.base}/webapi/settings`).then((response) => response.json())

const openSettings = async () => {
  const { page } = browser
  await page.goto(`${app.base}/settings`)
  await page.getByLabel('Check every').waitFor()
  return page
}

describe('saving', () => {
  test('the switch and the interval (amount and unit, saved in seconds) are saved with a success toast', async () => {
    const page = await openSettings()
    const toggle = page.getByRole('switch', { name: 'Check for new snapshots automatically' })
    expect(await toggle.isChecked()).toBe(true)
    await page.getByText('Check for new snapshots automatically').click()
    expect(await toggle.isChecked()).toBe(false)
    await page.getByLabel('Check every').fill('6')
    await page.getByLabel('Unit').selectOption('hours')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('toast-success').getByText('Settings saved').waitFor()
    expect((await settings()).database_update).toEqual({ enabled: false, interval_seconds: 21600 })
    await page.reload()
    expect(await page.getByLabel('Check every').inputValue()).toBe('6')
    expect(await page.getByLabel('Unit').inputValue()).toBe('hours')
    expect(await toggle.isChecked()).toBe(false)
  })

  test('a 422 from the server is shown next to the field it names', async () => {
    const page = await openSettings()
    await page.getByLabel('Prowlarr URL').fill('http://admin:hunter2@prowlarr:9696')
    await page.getByRole('button', { name: 'Save' }).click()
    const message = 'The Prowlarr URL must be a full address such as http://prowlarr:9696, without a user name or password.'
    await page.locator('#manager-url-error').getByText(message).waitFor()
    await page.getByTestId('toast-error').getByText(message).waitFor()
    expect(await page.locator('#manager-url-error code').textContent()).toBe('manager.url must be an absolute HTTP URL without credentials')
    expect((await settings()).manager.url).toBe('')
  })

  test('half a minute is refused by the server with its own interval message', async () => {
    const page = await openSettings()
    await page.getByLabel('Check every').fill('0.5')
    await page.getByLabel('Unit').selectOption('minutes')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.locator('#interval-amount-error').getByText('The update interval must be between 1 minute and 7 days.').waitFor()
    expect(await page.locator('#interval-amount-error code').textContent()).toBe(
      'database_update.interval_seconds must be between 60 and 604800',
    )
  })
})

describe('the API key is write-only', () => {
  const key = 'ui-secret-key-0123456789abcdef'

  test('a typed key is saved, then shown only as "configured", never echoed into the page', async () => {
    const page = await openSettings()
    await page.getByLabel('API key', { exact: true }).fill(key)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('toast-success').waitFor()
    expect((await settings()).manager.api_key_configured).toBe(true)
    await page.reload()
    const field = page.getByLabel('API key', { exact: true })
    await field.waitFor()
    expect(await field.inputValue()).toBe('')
    expect(await field.getAttribute('placeholder')).toBe('configured')
    expect(await page.content()).not.toContain(key)
  })

  test('the eye toggle shows what is being typed', async () => {
    const page = await openSettings()
    const field = page.getByLabel('API key', { exact: true })
    await field.fill('typed-key')
    expect(await field.getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Show the key' }).click()
    expect(await field.getAttribute('type')).toBe('text')
  })

  test('Clear key removes the saved key', async () => {
    const page = await openSettings()
    await page.getByRole('button', { name: 'Clear key' }).click()
    await page.getByTestId('toast-success').getByText('API key cleared').waitFor()
    expect((await settings()).manager.api_key_configured).toBe(false)
  })
})

describe('Prowlarr', () => {
  const fillManager = async (apiKey: string) => {
    const page = await openSettings()
    await page.getByLabel('Prowlarr URL').fill(prowlarr.url)
    await page.getByLabel('API key', { exact: true }).fill(apiKey)
    await page.getByLabel('Indexer URL').fill('')
    await page.getByTestId('use-suggestion').click()
    expect(await page.getByLabel('Indexer URL').inputValue()).toBe(`${app.base}/api`)
    return page
  }

  test('Test connection saves first, then reports that Prowlarr answered', async () => {
    const page = await fillManager(FAKE_PROWLARR_KEY)
    const button = page.getByTestId('test-manager')
    await button.click()
    await page.getByTestId('manager-outcome').getByText('Prowlarr answered: the connection works.').waitFor()
    expect(await button.getAttribute('data-state')).toBe('ok')
    expect((await settings()).manager).toEqual({ url: prowlarr.url, indexer_url: `${app.base}/api`, api_key_configured: true })
    // The three-state button returns to idle after about 2.5 s.
    await page.waitForFunction(() => document.querySelector('[data-testid="test-manager"]')?.getAttribute('data-state') === 'idle', null, {
      timeout: 5000,
    })
  })

  test('Install creates the indexer once, then reports it as already installed', async () => {
    const page = await fillManager(FAKE_PROWLARR_KEY)
    await page.getByTestId('install-indexer').click()
    await page
      .getByTestId('manager-outcome')
      .getByText(/^Installed in Prowlarr \(indexer \d+\)\.$/)
      .waitFor()
    expect(prowlarr.indexers.map((indexer) => indexer.name)).toEqual(['ICVDB'])
    await page.waitForFunction(
      () => document.querySelector('[data-testid="install-indexer"]')?.getAttribute('data-state') === 'idle',
      null,
      { timeout: 5000 },
    )
    await page.getByTestId('install-indexer').click()
    await page.getByTestId('manager-outcome').getByText('This indexer is already installed in Prowlarr.').waitFor()
    expect(prowlarr.indexers).toHaveLength(1)
  })

  test('a wrong key fails the test with the reason, and the key never reaches the page', async () => {
    const wrong = 'wrong-key-000000000000000000000000'
    const page = await fillManager(wrong)
    await page.getByTestId('test-manager').click()
    const outcome = page.getByTestId('manager-outcome')
    await outcome.getByText(/^Prowlarr refused the API key/).waitFor()
    expect(await outcome.locator('code').textContent()).toBe('Manager returned HTTP 401')
    expect(await page.getByTestId('test-manager').getAttribute('data-state')).toBe('error')
    expect(await page.content()).not.toContain(wrong)
  })

  test('the dashboard shows the result of the last manager operation', async () => {
    const { page } = browser
    await page.goto(`${app.base}/`)
    await page.getByTestId('manager-connected').waitFor()
    expect(await page.getByTestId('manager-connected').textContent()).toContain('No')
  })

  test('no script error or CSP violation happened on the way', () => {
    expect(browser.errors).toEqual([])
  })
})

describe('fields the environment controls', () => {
  test('are disabled, name their variable, and are saved with the persisted value', async () => {
    const locked = await startBinary({
      env: { DB_AUTO_UPDATE: 'false', MANAGER_URL: 'http://prowlarr.env:9696', DB_UPDATE_INTERVAL: '7200' },
    })
    try {
      const { page } = browser
      await page.goto(`${locked.base}/settings`)
      const url = page.getByLabel('Prowlarr URL')
      await url.waitFor()
      expect(await url.isDisabled()).toBe(true)
      expect(await url.inputValue()).toBe('http://prowlarr.env:9696')
      await page.getByText('Set by the environment variable MANAGER_URL').waitFor()
      await page.getByText('Set by the environment variable DB_AUTO_UPDATE').waitFor()
      await page.getByText('Set by the environment variable DB_UPDATE_INTERVAL').waitFor()
      expect(await page.getByRole('switch').isDisabled()).toBe(true)
      expect(await page.getByLabel('Check every').isDisabled()).toBe(true)
      await page.getByLabel('Indexer URL').fill('http://nas.lan:8000/api')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByTestId('toast-success').waitFor()
      const persisted = await (await fetch(`${locked.base}/webapi/ui-config`)).json()
      expect(persisted.persisted.manager.url).toBe('')
      expect(persisted.persisted.manager.indexer_url).toBe('http://nas.lan:8000/api')
      expect(persisted.persisted.database_update).toEqual({ enabled: true, interval_seconds: 86400 })
    } finally {
      await locked.stop()
    }
  })
})
