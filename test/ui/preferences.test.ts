/** Language and theme switches, and the phone layout, in headless Chromium. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { cleanUpHarness, openBrowser, type RunningBinary, startBinary } from '../helpers/ui-harness.ts'

setDefaultTimeout(30_000)

let app: RunningBinary
beforeAll(async () => {
  app = await startBinary()
})
afterAll(async () => {
  await app?.stop()
  cleanUpHarness()
})

const LIGHT_BACKGROUND = 'rgb(244, 246, 249)'
const DARK_BACKGROUND = 'rgb(14, 19, 25)'
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

describe('language', () => {
  test('an Italian browser gets the Italian UI; the switch to English is remembered', async () => {
    const browser = await openBrowser({ locale: 'it-IT' })
    try {
      const { page } = browser
      await page.goto(`${app.base}/settings`)
      await page.getByRole('heading', { name: 'Impostazioni', level: 1 }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('it')
      await page.getByLabel('Lingua').selectOption('en')
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
      await page.reload()
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
      expect(browser.errors).toEqual([])
    } finally {
      await browser.close()
    }
  })

  test('any other browser language gets English, and Italian can be chosen', async () => {
    const browser = await openBrowser({ locale: 'de-DE' })
    try {
      const { page } = browser
      await page.goto(`${app.base}/`)
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      await page.getByRole('link', { name: 'Settings' }).waitFor()
      await page.getByLabel('Language').selectOption('it')
      await page.getByRole('link', { name: 'Impostazioni' }).waitFor()
      await page.getByText('Aggiornamenti automatici').first().waitFor()
    } finally {
      await browser.close()
    }
  })
})

describe('theme', () => {
  test('a pinned dark theme is applied and remembered over the system preference', async () => {
    const browser = await openBrowser({ colorScheme: 'light' })
    try {
      const { page } = browser
      await page.goto(`${app.base}/`)
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      expect(await background(page)).toBe(LIGHT_BACKGROUND)
      await page.getByLabel('Theme').selectOption('dark')
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
      expect(await background(page)).toBe(DARK_BACKGROUND)
      await page.reload()
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      expect(await background(page)).toBe(DARK_BACKGROUND)
      expect(await page.getByLabel('Theme').inputValue()).toBe('dark')
    } finally {
      await browser.close()
    }
  })

  test('"System" follows prefers-color-scheme', async () => {
    const browser = await openBrowser({ colorScheme: 'dark' })
    try {
      const { page } = browser
      await page.goto(`${app.base}/`)
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      expect(await page.getByLabel('Theme').inputValue()).toBe('system')
      expect(await background(page)).toBe(DARK_BACKGROUND)
      await page.emulateMedia({ colorScheme: 'light' })
      expect(await background(page)).toBe(LIGHT_BACKGROUND)
      await page.getByLabel('Theme').selectOption('dark')
      await page.getByLabel('Theme').selectOption('system')
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false)
      expect(await background(page)).toBe(LIGHT_BACKGROUND)
    } finally {
      await browser.close()
    }
  })
})

describe('phone', () => {
  test('the side nav collapses behind the menu button and closes after navigating', async () => {
    const browser = await openBrowser({ viewport: { width: 390, height: 844 } })
    try {
      const { page } = browser
      await page.goto(`${app.base}/`)
      const nav = page.getByRole('navigation')
      const menu = page.getByRole('button', { name: 'Menu' })
      await menu.waitFor()
      expect(await nav.isVisible()).toBe(false)
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      await menu.click()
      expect(await nav.isVisible()).toBe(true)
      await nav.getByRole('link', { name: 'Search' }).click()
      await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/search')
      expect(await nav.isVisible()).toBe(false)
      // Nothing overflows sideways on a 390 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await browser.close()
    }
  })

  test('on a desktop the nav is always there and the menu button is hidden', async () => {
    const browser = await openBrowser({ viewport: { width: 1280, height: 800 } })
    try {
      const { page } = browser
      await page.goto(`${app.base}/`)
      await page.getByRole('navigation').getByRole('link', { name: 'Result processing' }).waitFor()
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)
    } finally {
      await browser.close()
    }
  })
})
