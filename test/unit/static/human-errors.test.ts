/**
 * Every sentence the server can send the UI becomes advice in both languages: the spec-bound
 * messages of product.md §4, the manager's sentences (runtime/manager/sanitize.ts), the updater's
 * and the install routes'. An unknown sentence is shown as it is.
 */
import { describe, expect, test } from 'bun:test'
import { HUMAN_ERROR_KEYS, humanError } from '../../../static/human-errors.ts'
import { translator } from '../../../static/i18n.ts'
import en from '../../../static/i18n/en.json'
import it from '../../../static/i18n/it.json'

const KNOWN: Array<[string, string]> = [
  ['database_update.interval_seconds must be between 60 and 604800', 'The update interval must be between 1 minute and 7 days.'],
  ['result_processing.preset is invalid', 'Choose one of the listed presets.'],
  ['manager.url must be an absolute HTTP URL without credentials', 'The Prowlarr URL must be a full address'],
  ['manager.indexer_url must be an absolute HTTP URL without credentials', 'The indexer URL must be a full address'],
  ['manager.api_key must be a bounded string', 'The API key is too long'],
  ['custom_rules cannot exceed 100 entries', 'At most 100 rules'],
  ['rule 0 has an invalid field', 'Rule 1: choose what the rule looks at'],
  ['rule 4 has an invalid operator', 'Rule 5: choose a comparison'],
  ['rule 0 has an invalid action', 'Rule 1: choose whether it excludes'],
  ['rule 0 requires a bounded text value', 'Rule 1: enter a text of 1 to 512 characters.'],
  ['rule 0 requires a finite numeric value', 'Rule 1: enter a number.'],
  ['rule 0 score action requires a score', 'Rule 1: enter the score to add.'],
  ['rule 9 score is out of range', 'Rule 10: the score must be between -1,000 and 1,000.'],
  ['rule 0 exclude action cannot define a score', 'Rule 1: an exclude rule has no score'],
  ['settings must be an object', 'The server did not accept what this page sent.'],
  ['settings has unknown or missing fields', 'The server did not accept what this page sent.'],
  ['schema_version must be 1', 'The server did not accept what this page sent.'],
  ['database_update.enabled must be a boolean', 'The server did not accept what this page sent.'],
  ['manager has unknown or missing fields', 'The server did not accept what this page sent.'],
  ['rule 3 has invalid fields', 'The server did not accept what this page sent.'],
  ['rule 3 enabled must be a boolean', 'The server did not accept what this page sent.'],
  ['custom_rules must be a list', 'The server did not accept what this page sent.'],
  ['request body must be valid JSON', 'The server did not accept what this page sent.'],
  ['request body is too large', 'What this page sent is too large'],
  ['cross-origin request rejected', 'refused a request coming from another site'],
  ['Database update in progress', 'A new snapshot is being switched in.'],
  ['Manager URL and API key are required', 'Enter the Prowlarr URL and API key first'],
  ['Manager URL, API key and indexer URL are required', 'Enter the Prowlarr URL, the API key and the indexer URL first'],
  ['Unable to connect to Manager (connection refused)', 'Nothing answers at the Prowlarr URL (connection refused).'],
  ['Unable to connect to Manager (timed out)', 'Prowlarr did not answer in time.'],
  ['Unable to connect to Manager (host name not found)', 'The host name in the Prowlarr URL was not found.'],
  ['Unable to connect to Manager (TLS handshake failed)', 'does not speak HTTPS on that port'],
  ['Unable to connect to Manager', 'Cannot connect to Prowlarr.'],
  ['Manager returned HTTP 401', 'Prowlarr refused the API key. Copy it from Prowlarr → Settings → General → Security → API Key'],
  ['Manager returned HTTP 403', 'Prowlarr refused the API key.'],
  ['Manager returned HTTP 404', 'it is not Prowlarr'],
  ['Manager returned invalid JSON', 'it is not Prowlarr'],
  ['Manager returned an invalid indexer schema response', 'it is not Prowlarr'],
  ['Manager returned an invalid app profile response', 'it is not Prowlarr'],
  ['Manager returned HTTP 500', 'Prowlarr answered with error 500.'],
  ['Manager response is too large', 'check that the URL points at Prowlarr'],
  ['Manager has no Generic Torznab indexer schema', 'no Generic Torznab indexer'],
  ['Manager has no app profile', 'Prowlarr has no sync profile.'],
  ['Manager rejected the indexer: Unable to connect to indexer', 'refused it: "Unable to connect to indexer"'],
  ['Manager rejected the indexer', 'Prowlarr tested the indexer and refused it.'],
  ['Manager request failed', 'The request to Prowlarr failed.'],
  ['Release check failed: cannot reach the release server (host name not found)', 'The snapshot list on GitHub cannot be reached'],
  ['Release check failed: no answer from the release server within 30 s', 'The snapshot list on GitHub cannot be reached'],
  ['Release check failed: HTTP 404 from the release server', 'gave an unexpected answer'],
  [
    'Download of icvdb-2026-11-20.dump failed: the connection broke after 10 of 20 bytes (connection reset; truncated download)',
    'The snapshot download broke off',
  ],
  ['Download of icvdb-2026-11-20.dump failed: the disk is full', 'not enough free space'],
  ['Download of icvdb-2026-11-20.dump failed: checksum mismatch (expected abc…, got def…)', 'does not match its published checksum'],
  ['Download of icvdb-2026-11-20.dump failed: HTTP 500 from the download server', 'The snapshot download failed.'],
  ['the file was not installed: it is not a pg_dump custom-format archive (made with pg_dump -Fc)', 'This file is not an ICVDB snapshot'],
  ['Import of x.dump failed: it is not a pg_dump custom-format archive (made with pg_dump -Fc)', 'This file is not an ICVDB snapshot'],
  ['Import of x.dump failed: archive is truncated', 'could not be imported'],
  [
    'Switch to db-2026-11-20 failed: cannot move the new snapshot into place (EACCES); the previous snapshot keeps serving',
    'could not be switched in',
  ],
  ['the file is larger than the upload limit (4.0 KiB; UPLOAD_MAX_BYTES raises it)', 'larger than the upload limit (4.0 KiB)'],
  ['the uploaded file is empty', 'The chosen file is empty.'],
  ['the upload was interrupted before the whole file arrived', 'The upload broke off'],
  ['the file was not stored: the data directory is read-only', 'The data directory cannot be written'],
  ['not enough free space in the data directory (2.0 GiB needed, 1.0 GiB free)', 'not enough free space'],
  ['no space left on the data directory: free some space on its disk and try again', 'not enough free space'],
  ['A dump is being uploaded; check for updates once it is installed', 'Check for updates once it is installed'],
  ['No release in this snapshot carries tt0903747.', 'No release in this snapshot carries tt0903747.'],
  ['Season 9 is not in the snapshot; seasons 1–5 are.', 'it has seasons 1–5'],
  ['No title in this snapshot contains all of the words “foo bar”; try fewer or other words.', 'all of the words “foo bar”'],
  [
    'Release check failed: the release server refuses requests for now (rate limit, HTTP 403); it accepts them again at 20:30 UTC',
    'waits until 20:30 UTC',
  ],
  [
    'The installed snapshot db-2026-11-20 cannot be opened (file is not a database), so nothing is served: install a snapshot again with Check now or Install a snapshot by hand on the Dashboard, or run icvdb-indexer import <file>',
    'The installed snapshot db-2026-11-20 cannot be opened',
  ],
  ['An update is already running; try again when it has finished', 'already running'],
  ['x.dump cannot be installed: the file does not exist', 'There is no such file on the server.'],
  ['path must be an absolute path on the server', 'starting with /'],
  ['url must be an absolute http(s) URL without credentials', 'starting with http:// or https://'],
  ['Incorrect parameter: imdbid', 'The IMDb id must look like tt0903747'],
  ['Incorrect parameter: season', 'Season and episode must be whole numbers'],
  ['Incorrect parameter: cat', 'The search field "cat" has a value the search does not accept'],
  ['Failed to fetch', 'The service does not answer.'],
  ['Internal server error', 'unexpected error'],
]

describe('humanError', () => {
  const t = translator('en')
  for (const [sentence, advice] of KNOWN) {
    test(`"${sentence}" → advice, with the original kept`, () => {
      const human = humanError(sentence, t)
      expect(human.text).toContain(advice)
      expect(human.original).toBe(sentence)
    })
  }

  test('an unknown sentence is shown as it is, with no original to expand', () => {
    expect(humanError('something new happened', t)).toEqual({ text: 'something new happened', original: null })
  })

  test('every advice key exists in English and Italian, and the Italian differs', () => {
    const en_ = translator('en')
    const it_ = translator('it')
    for (const key of new Set(HUMAN_ERROR_KEYS)) {
      const [group, name] = key.split('.').slice(1)
      expect((en as any).firstrun[group][name]).toBeString()
      expect((it as any).firstrun[group][name]).toBeString()
      expect(it_(key, { n: 1, status: 500, reason: 'r', limit: 'l' })).not.toBe(en_(key, { n: 1, status: 500, reason: 'r', limit: 'l' }))
    }
  })

  test('both catalogs have the same firstrun keys', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      typeof node === 'string' ? [prefix] : Object.entries(node as object).flatMap(([key, value]) => keys(value, `${prefix}.${key}`))
    expect(keys((it as any).firstrun).sort()).toEqual(keys((en as any).firstrun).sort())
  })
})
