/**
 * Keyboard and screen-reader use of the real UI in Chromium: the focus stays where the user was after
 * Save, a move or a delete; each page names the tab and takes the focus when opened from the nav; the
 * phone menu closes on Escape; a rule's invalid control is the one marked and described.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import en from '../../static/i18n/en.json' with { type: 'json' }
import { openBrowser, useBinaryAndBrowser } from '../helpers/ui-harness.ts'

setDefaultTimeout(30_000)

const harness = useBinaryAndBrowser()

const focused = () =>
  harness.browser().page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName)

describe('the focus stays with the user', () => {
  test('Save pressed from the keyboard keeps the focus on the button while it saves and after', async () => {
    const { page } = harness.browser()
    await page.goto(`${harness.app().base}/settings`)
    const save = page.getByTestId('save-settings')
    await save.focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('toast-success').waitFor()
    expect(await focused()).toBe('save-settings')
  })

  test('moving a rule to the last place, then deleting the last rule, leaves the focus on a control of the list', async () => {
    const { page } = harness.browser()
    await page.goto(`${harness.app().base}/result-processing`)
    await page.getByTestId('add-rule').click()
    await page.getByTestId('add-rule').click()
    const down = page.getByRole('button', { name: /^Move rule 1 down/ })
    await down.focus()
    await page.keyboard.press('Enter')
    // Rule 1 is now rule 2, the last: its down arrow is disabled, so its up arrow has the focus.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Move rule 2 up'))
    await page.getByRole('button', { name: /^Delete rule 2/ }).focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Delete rule 1'))
    await page.getByRole('button', { name: /^Delete rule 1/ }).press('Enter')
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'add-rule')
  })
})

describe('pages', () => {
  test('name the browser tab, and take the focus when opened from the navigation', async () => {
    const { page } = harness.browser()
    await page.goto(`${harness.app().base}/settings`)
    await page.waitForFunction((title) => document.title === title, `${en.settings.title} — ICVDB Indexer`)
    await page.getByRole('navigation').getByRole('link', { name: en.nav.search }).click()
    await page.waitForFunction((title) => document.title.startsWith(title), en.search.title)
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
  })

  test('the phone menu closes on Escape, with the focus back on its button', async () => {
    const phone = await openBrowser({ viewport: { width: 360, height: 740 } })
    try {
      await phone.page.goto(`${harness.app().base}/`)
      const menu = phone.page.getByRole('button', { name: en.app.menu })
      await menu.click()
      expect(await menu.getAttribute('aria-expanded')).toBe('true')
      await phone.page.keyboard.press('Escape')
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      expect(await phone.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(en.app.menu)
    } finally {
      await phone.close()
    }
  })

  test('an empty search with no snapshot installed says why', async () => {
    const { page } = harness.browser()
    await page.goto(`${harness.app().base}/search?q=Breaking`)
    await page.getByTestId('no-results').getByText(en.search.noResultsNoSnapshot).waitFor()
  })
})

test('a rule score out of range marks the score input invalid, described by the message, not the value', async () => {
  const { page } = harness.browser()
  await page.goto(`${harness.app().base}/result-processing`)
  await page.getByTestId('add-rule').click()
  const rule = page.getByTestId('rule').first()
  await rule.getByLabel(en.rules.value, { exact: true }).fill('cam')
  await rule.getByLabel(en.rules.action).selectOption('score')
  await rule.getByLabel(en.rules.score, { exact: true }).fill('5000')
  await page.getByTestId('save-rules').click()
  const error = rule.getByTestId('rule-error')
  await error.waitFor()
  const score = rule.getByLabel(en.rules.score, { exact: true })
  expect(await score.getAttribute('aria-invalid')).toBe('true')
  expect(await score.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'))
  expect(await rule.getByLabel(en.rules.value, { exact: true }).getAttribute('aria-invalid')).toBe('false')
})
