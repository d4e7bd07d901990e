/** Issue 15 in the settings page: a key saved for another Prowlarr address is named in one sentence (en, it). */
import { expect, setDefaultTimeout, test } from 'bun:test'
import en from '../../static/i18n/en.json' with { type: 'json' }
import it from '../../static/i18n/it.json' with { type: 'json' }
import { useBinaryAndBrowser } from '../helpers/ui-harness.ts'

setDefaultTimeout(30_000)

const put = (manager: Record<string, string>) =>
  fetch(`${harness.app().base}/webapi/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      schema_version: 1,
      database_update: { enabled: true, interval_seconds: 86400 },
      result_processing: { preset: 'unfiltered', custom_rules: [] },
      manager: { indexer_url: '', ...manager },
    }),
  })

const harness = useBinaryAndBrowser()

test('after the Prowlarr URL moved without a key, the API key field says to enter it again', async () => {
  expect((await put({ url: 'http://prowlarr-one:9696', api_key: 'key-for-the-first-prowlarr' })).status).toBe(200)
  expect((await put({ url: 'http://prowlarr-two:9696' })).status).toBe(200)
  const { page } = harness.browser()
  await page.goto(`${harness.app().base}/settings`)
  await page.getByText(en.hardening.keyForOtherAddress).waitFor()
  expect(it.hardening.keyForOtherAddress).not.toBe(en.hardening.keyForOtherAddress)
  // Entering it again binds it to the new address, and the sentence goes.
  await page.getByLabel('API key', { exact: true }).fill('key-for-the-second-prowlarr')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByTestId('toast-success').waitFor()
  expect(await page.getByText(en.hardening.keyForOtherAddress).count()).toBe(0)
})
