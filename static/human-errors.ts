/**
 * The server speaks spec-bound English sentences (`detail`, `last_error`, manager errors); the UI
 * turns each known one into a sentence in the user's language that says what to do. The original
 * stays one click away (components/error-text.tsx). Unknown sentences are shown as they are.
 */
import type { MessageKey, Translate } from './i18n.ts'

export interface HumanError {
  /** What happened and what to do, translated. */
  text: string
  /** The server's own sentence (null when `text` is that sentence). */
  original: string | null
}

type Vars = Record<string, string | number>
type Rule = readonly [RegExp, MessageKey, ((match: RegExpExecArray) => Vars)?]

const rule = (match: RegExpExecArray): Vars => ({ n: Number(match[1]) + 1 })

// Checked in order: the first pattern that matches the whole sentence wins.
const RULES: readonly Rule[] = [
  // Settings and rule validation (product.md §4).
  [/^database_update\.interval_seconds must be between 60 and 604800$/, 'firstrun.err.interval'],
  [/^result_processing\.preset is invalid$/, 'firstrun.err.preset'],
  [/^manager\.url must be an absolute HTTP URL without credentials$/, 'firstrun.err.managerUrl'],
  [/^manager\.indexer_url must be an absolute HTTP URL without credentials$/, 'firstrun.err.indexerUrl'],
  [/^manager\.api_key must be a bounded string$/, 'firstrun.err.apiKeyLength'],
  [/^custom_rules cannot exceed 100 entries$/, 'firstrun.err.tooManyRules'],
  [/^rule (\d+) has an invalid field$/, 'firstrun.err.ruleField', rule],
  [/^rule (\d+) has an invalid operator$/, 'firstrun.err.ruleOperator', rule],
  [/^rule (\d+) has an invalid action$/, 'firstrun.err.ruleAction', rule],
  [/^rule (\d+) requires a bounded text value$/, 'firstrun.err.ruleText', rule],
  [/^rule (\d+) requires a finite numeric value$/, 'firstrun.err.ruleNumber', rule],
  [/^rule (\d+) score action requires a score$/, 'firstrun.err.ruleScoreMissing', rule],
  [/^rule (\d+) score is out of range$/, 'firstrun.err.ruleScoreRange', rule],
  [/^rule (\d+) exclude action cannot define a score$/, 'firstrun.err.ruleExcludeScore', rule],
  [
    /^(settings|database_update|result_processing|manager|custom_rules|rule \d+|schema_version)\b.*(must be|has unknown|has invalid).*$|^request body must be valid JSON$/,
    'firstrun.err.shape',
  ],
  [/^request body is too large$/, 'firstrun.err.bodyTooLarge'],
  [/^cross-origin request rejected$/, 'firstrun.err.crossOrigin'],
  [/^Database update in progress$/, 'firstrun.err.maintenance'],
  // The manager (product.md §4 and runtime/manager/sanitize.ts).
  [/^Manager URL and API key are required$/, 'firstrun.err.managerMissing'],
  [/^Manager URL, API key and indexer URL are required$/, 'firstrun.err.managerMissingIndexer'],
  [/^Unable to connect to Manager \(connection refused\)$/, 'firstrun.err.managerRefused'],
  [/^Unable to connect to Manager \((?:connection )?timed out.*\)$/, 'firstrun.err.managerTimeout'],
  [/^Unable to connect to Manager \(host name (?:not found|lookup failed)\)$/, 'firstrun.err.managerDns'],
  [/^Unable to connect to Manager \(TLS.*\)$/, 'firstrun.err.managerTls'],
  [/^Unable to connect to Manager.*$/, 'firstrun.err.managerUnreachable'],
  [/^Manager returned HTTP 40[13]$/, 'firstrun.err.managerKey'],
  [
    /^Manager returned HTTP (?:404|405)$|^Manager returned invalid JSON$|^Manager returned an invalid .* response$/,
    'firstrun.err.managerNotProwlarr',
  ],
  [/^Manager returned HTTP (\d+)$/, 'firstrun.err.managerHttp', (match) => ({ status: match[1] })],
  [/^Manager response is too large$/, 'firstrun.err.managerTooLarge'],
  [/^Manager has no Generic Torznab indexer schema$/, 'firstrun.err.managerNoTorznab'],
  [/^Manager has no app profile$/, 'firstrun.err.managerNoProfile'],
  [/^Manager rejected the indexer: (.+)$/, 'firstrun.err.managerRejected', (match) => ({ reason: match[1] })],
  [/^Manager rejected the indexer$/, 'firstrun.err.managerRejectedPlain'],
  [/^Manager request failed$/, 'firstrun.err.managerFailed'],
  // Snapshots: the updater's last_error and the install routes.
  [/^Release check failed: (?:cannot reach|no answer from) .*$/, 'firstrun.err.offline'],
  [
    /^Release check failed: the release server refuses requests for now \(rate limit.*\); it accepts them again at (\d\d:\d\d) UTC$/,
    'firstrun.err.rateLimited',
    (match) => ({ time: match[1] }),
  ],
  [/^Release check failed: .*$/, 'firstrun.err.releaseFailed'],
  [/^Download of .* failed: (?:cannot reach|no answer from|no data for|the connection broke).*$/, 'firstrun.err.downloadNetwork'],
  [
    /^Download of .* failed: (?:the disk is full|not enough free space).*$|^the data directory is full$|^not enough free space.*$|^no space left on the data directory.*$/,
    'firstrun.err.diskFull',
  ],
  [/^Download of .* failed: checksum mismatch.*$/, 'firstrun.err.checksum'],
  [/^Download of .* failed: .*$/, 'firstrun.err.downloadFailed'],
  [/^.*it is not a pg_dump custom-format archive.*$/, 'firstrun.err.notADump'],
  [/^Import of .* failed: .*$/, 'firstrun.err.importFailed'],
  [/^Switch to .* failed: .*$/, 'firstrun.err.switchFailed'],
  [/^the file is larger than the upload limit \((.+?);.*$/, 'firstrun.err.uploadTooLarge', (match) => ({ limit: match[1] })],
  [/^the uploaded file is empty$/, 'firstrun.err.uploadEmpty'],
  [/^the upload was interrupted.*$/, 'firstrun.err.uploadInterrupted'],
  [/^the file was not stored: the data directory is (?:read-only|not writable)$/, 'firstrun.err.dataDirReadOnly'],
  [/^An update is already running.*$/, 'firstrun.err.busy'],
  [/^A dump is being uploaded; check for updates once it is installed$/, 'firstrun.err.uploadArriving'],
  [/^The installed snapshot (\S+) cannot be opened .*$/, 'firstrun.err.snapshotUnopened', (match) => ({ tag: match[1] })],
  [/^.* cannot be installed: the file does not exist$/, 'firstrun.err.pathMissing'],
  [/^path must be an absolute path on the server$/, 'firstrun.err.pathRelative'],
  [/^url must be an absolute http\(s\) URL without credentials$/, 'firstrun.err.installUrl'],
  // The search page (Torznab parameters, runtime/torznab/params.ts).
  [/^Incorrect parameter: imdbid$/, 'firstrun.err.paramImdb'],
  [/^Incorrect parameter: (season|ep)$/, 'firstrun.err.paramNumber', (match) => ({ name: match[1] })],
  [/^Incorrect parameter: (\w+)$/, 'firstrun.err.paramOther', (match) => ({ name: match[1] })],
  // What an update ended with (progress.message on success, the history's outcome).
  [
    /^Installed (\S+) \(([\d,.]+) torrents\) from (.+)$/,
    'firstrun.outcome.installedFrom',
    (match) => ({ tag: match[1], count: match[2], file: match[3] }),
  ],
  [/^Installed (\S+) \(([\d,.]+) torrents\)$/, 'firstrun.outcome.installed', (match) => ({ tag: match[1], count: match[2] })],
  [/^Already up to date \((\S+)\)$/, 'firstrun.outcome.upToDate', (match) => ({ tag: match[1] })],
  [
    /^Installed (\S+) is newer than (\S+); no downgrade$/,
    'firstrun.outcome.noDowngrade',
    (match) => ({ tag: match[1], release: match[2] }),
  ],
  // Why a search is empty (the explain report, runtime/diagnostics/explain/empty-reason.ts).
  [/^No snapshot is installed yet, so every search is empty.*$/, 'firstrun.empty.noSnapshot'],
  [/^No release in this snapshot carries (tt\d+)\.$/, 'firstrun.empty.noImdb', (match) => ({ id: match[1] })],
  [/^No release in this snapshot carries TMDB id (\d+)\.$/, 'firstrun.empty.noTmdb', (match) => ({ id: match[1] })],
  [
    /^Season (\d+) is not in the snapshot; seasons? (.+) (?:is|are)\.$/,
    'firstrun.empty.noSeason',
    (match) => ({ season: match[1], seasons: match[2] }),
  ],
  [
    /^No title in this snapshot contains all of the words “(.+)”; try fewer or other words\.$/,
    'firstrun.empty.noWords',
    (match) => ({ words: match[1] }),
  ],
  [/^The query has no letter or digit, so no title can match it.*$/, 'firstrun.empty.wordless'],
  [/^Nothing in this snapshot matches this search\.$/, 'firstrun.empty.nothing'],
  // Transport: the browser could not reach the service at all.
  [/^(?:Failed to fetch|NetworkError.*|Load failed|HTTP 50[234])$/, 'firstrun.err.offlineService'],
  [/^Internal server error$/, 'firstrun.err.internal'],
]

export const humanError = (original: string, t: Translate): HumanError => {
  for (const [pattern, key, vars] of RULES) {
    const match = pattern.exec(original)
    if (match) return { text: t(key, vars?.(match) ?? {}), original }
  }
  return { text: original, original: null }
}

/** Every pattern's key, for the test that both catalogs translate each of them. */
export const HUMAN_ERROR_KEYS: readonly MessageKey[] = RULES.map(([, key]) => key)
