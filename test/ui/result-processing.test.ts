/** The preset picker and rule editor in headless Chromium: rules change the search order for real. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
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
let browser: BrowserSession

beforeAll(async () => {
  app = await startWithFixture('icvdb-ui-rules-')
  browser = await openBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  cleanUpHarness()
})

const saved = () => fetch(`${app.base}/webapi/result-processing`).then((response) => response.json())

const titlesFor = async (page: Page, query: string): Promise<string[]> => {
  await page.goto(`${app.base}/search?q=${encodeURIComponent(query)}`)
  await page.getByTestId('results-count').waitFor()
  return page.getByTestId('result').locator('.release-title').allTextContents()
}

const openRules = async (): Promise<Page> => {
  const { page } = browser
  await page.goto(`${app.base}/result-processing`)
  await page.getByTestId('add-rule').waitFor()
  return page
}

const rule = (page: Page, index: number) => page.getByTestId('rule').nth(index)

const addRule = async (page: Page, options: { field: string; operator: string; value: string; action: string; score?: string }) => {
  await page.getByTestId('add-rule').click()
  const row = page.getByTestId('rule').last()
  await row.getByLabel('Field').selectOption({ label: options.field })
  await row.getByLabel('Condition').selectOption({ label: options.operator })
  await row.getByLabel('Value', { exact: true }).fill(options.value)
  await row.getByLabel('Action').selectOption({ label: options.action })
  if (options.score !== undefined) await row.getByLabel('Points').fill(options.score)
}

const save = async (page: Page) => {
  await page.getByTestId('save-rules').click()
  const toast = page.getByTestId('toast-success').filter({ hasText: 'Result processing saved' })
  await toast.getByRole('button', { name: 'Dismiss' }).click()
  await toast.waitFor({ state: 'detached' })
}

describe('custom rules', () => {
  test('without rules the search is ordered by seeders', async () => {
    const titles = await titlesFor(browser.page, 'dune')
    expect(titles).toHaveLength(5)
    expect(titles[0]).toStartWith('Dune.Parte.Due.2024.ITA.ENG.2160p')
  })

  test('a score rule lifts matching releases to the top and an exclude rule drops them', async () => {
    const page = await openRules()
    await page.getByRole('radio', { name: /^Custom rules/ }).check()
    await addRule(page, { field: 'Title', operator: 'contains', value: 'multi', action: 'Add points', score: '500' })
    await addRule(page, { field: 'Provider', operator: 'equals', value: 'Knaben (1337x)', action: 'Exclude' })
    await save(page)
    expect(await saved()).toEqual({
      preset: 'custom',
      custom_rules: [
        { enabled: true, field: 'title', operator: 'contains', value: 'multi', action: 'score', score: 500 },
        { enabled: true, field: 'provider', operator: 'equals', value: 'Knaben (1337x)', action: 'exclude' },
      ],
    })
    const titles = await titlesFor(page, 'dune')
    expect(titles[0]).toBe('Dune.Part.Two.2024.MULTI.1080p.BluRay.x264')
    expect(titles).toHaveLength(4)
    expect(await page.getByTestId('score').first().textContent()).toBe('500')
  })

  test('the schema checks a rule as it is edited: what to do, with the server’s sentence one click away', async () => {
    const page = await openRules()
    await rule(page, 0).getByLabel('Points').fill('5000')
    await rule(page, 0).getByTestId('rule-error').getByText('Rule 1: the score must be between -1,000 and 1,000.').waitFor()
    expect(await rule(page, 0).getByTestId('rule-error').locator('code').textContent()).toBe('rule 0 score is out of range')
    await rule(page, 0).getByLabel('Points').fill('500')
    await rule(page, 0).getByTestId('rule-error').waitFor({ state: 'detached' })
  })

  test('the server’s 422 appears next to the offending rule and nothing is saved', async () => {
    const page = await openRules()
    await page.getByTestId('add-rule').click()
    await page.getByTestId('save-rules').click()
    const message = 'Rule 3: enter a text of 1 to 512 characters.'
    await page.getByTestId('toast-error').getByText(message).waitFor()
    expect(await rule(page, 2).getByTestId('rule-error').locator('.error-human').textContent()).toBe(message)
    expect(await rule(page, 2).getByTestId('rule-error').locator('code').textContent()).toBe('rule 2 requires a bounded text value')
    expect(await rule(page, 0).getByTestId('rule-error').count()).toBe(0)
    expect((await saved()).custom_rules).toHaveLength(2)
    await page.getByRole('button', { name: 'Delete rule 3' }).click()
    expect(await page.getByTestId('rule').count()).toBe(2)
  })

  test('rules are reordered with the up and down buttons', async () => {
    const page = await openRules()
    await page.getByRole('button', { name: 'Move rule 2 up' }).click()
    expect(await rule(page, 0).getByLabel('Field').inputValue()).toBe('provider')
    await save(page)
    expect((await saved()).custom_rules.map((item: { field: string }) => item.field)).toEqual(['provider', 'title'])
    await page.getByRole('button', { name: 'Move rule 1 down' }).click()
    await save(page)
    expect((await saved()).custom_rules.map((item: { field: string }) => item.field)).toEqual(['title', 'provider'])
  })

  test('a disabled rule no longer changes the order', async () => {
    const page = await openRules()
    await rule(page, 0).getByLabel('Enabled').uncheck()
    await rule(page, 1).getByLabel('Enabled').uncheck()
    await save(page)
    expect((await saved()).custom_rules.map((item: { enabled: boolean }) => item.enabled)).toEqual([false, false])
    const titles = await titlesFor(page, 'dune')
    expect(titles[0]).toStartWith('Dune.Parte.Due.2024.ITA.ENG.2160p')
    expect(titles).toHaveLength(5)
  })
})

describe('presets', () => {
  test('Italian only drops releases without Italian audio', async () => {
    const page = await openRules()
    await page.getByRole('radio', { name: /^Italian only/ }).check()
    await save(page)
    const titles = await titlesFor(page, 'dune')
    expect(titles).not.toContain('Dune.Part.Two.2024.MULTI.1080p.BluRay.x264')
    expect(titles.length).toBeGreaterThan(0)
  })

  test('a preset set by RESULT_PRESET is shown locked with its variable', async () => {
    const locked = await startBinary({ env: { RESULT_PRESET: 'italian_preferred' } })
    try {
      const { page } = browser
      await page.goto(`${locked.base}/result-processing`)
      await page.getByText('Set by the environment variable RESULT_PRESET').waitFor()
      expect(await page.getByRole('radio', { name: /^Italian preferred/ }).isChecked()).toBe(true)
      expect(await page.getByRole('radio', { name: /^Italian preferred/ }).isDisabled()).toBe(true)
    } finally {
      await locked.stop()
    }
  })

  test('no script error or CSP violation happened on the way', () => {
    expect(browser.errors).toEqual([])
  })
})
