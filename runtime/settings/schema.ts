/**
 * Settings schema v1: one definition for the file on disk, the PUT bodies and the UI rule editor.
 * Pure (no Bun, no fs) so static/ can bundle it. Each check carries the exact product.md sentence,
 * and checks run in product.md's order (abortEarly). `{i}` is replaced by the rule index at the edge.
 */
import * as v from 'valibot'

export const PRESETS = ['unfiltered', 'italian_preferred', 'italian_only', 'custom'] as const
export type Preset = (typeof PRESETS)[number]

export const TEXT_FIELDS = ['title', 'provider'] as const
export const NUMBER_FIELDS = ['size', 'seeders'] as const
export const TEXT_OPERATORS = ['contains', 'not_contains', 'equals'] as const
export const NUMBER_OPERATORS = ['equals', 'gte', 'lte'] as const
export const ACTIONS = ['exclude', 'score'] as const
export const MAX_RULES = 100
const MAX_RULE_TEXT = 512
const MAX_SCORE = 1000
const MAX_URL_LENGTH = 2048
export const MAX_API_KEY_LENGTH = 4096
export const MIN_INTERVAL = 60
export const MAX_INTERVAL = 604800

const isPlainObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)

const hasKeys = (input: Record<string, unknown>, required: readonly string[], optional: readonly string[] = []) => {
  const keys = Object.keys(input)
  return required.every((key) => key in input) && keys.every((key) => required.includes(key) || optional.includes(key))
}

/** An object whose key set is exactly `required` (+ `optional`), checked before any value. */
const exactObject = (name: string, required: readonly string[], optional: readonly string[] = []) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, `${name} must be an object`),
    v.check((input) => hasKeys(input, required, optional), `${name} has unknown or missing fields`),
  )

const isFiniteNumber = (input: unknown): input is number => typeof input === 'number' && Number.isFinite(input)

export const isHttpUrl = (input: string): boolean => {
  if (input === '') return true
  // WHATWG URL parsing would read `https:///api` as host "api"; require the authority to be written.
  if (input.length > MAX_URL_LENGTH || input.trim() !== input || !/^https?:\/\/[^/\\]/i.test(input)) return false
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return false
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password
}

export const isApiKey = (input: unknown): input is string => typeof input === 'string' && input.length <= MAX_API_KEY_LENGTH

// ---- custom rules ----------------------------------------------------------------------------

export type TextField = (typeof TEXT_FIELDS)[number]
export type NumberField = (typeof NUMBER_FIELDS)[number]
export type RuleAction = (typeof ACTIONS)[number]

interface TextRule {
  enabled: boolean
  field: TextField
  operator: (typeof TEXT_OPERATORS)[number]
  value: string
  action: RuleAction
  score?: number
}
interface NumberRule {
  enabled: boolean
  field: NumberField
  operator: (typeof NUMBER_OPERATORS)[number]
  value: number
  action: RuleAction
  score?: number
}
export type CustomRule = TextRule | NumberRule

const includes = (list: readonly string[], input: unknown) => typeof input === 'string' && list.includes(input)
const isTextField = (field: unknown) => includes(TEXT_FIELDS, field)

export const RuleSchema = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, 'rule {i} must be an object'),
  v.check((rule) => hasKeys(rule, ['enabled', 'field', 'operator', 'value', 'action'], ['score']), 'rule {i} has invalid fields'),
  v.check((rule) => typeof rule.enabled === 'boolean', 'rule {i} enabled must be a boolean'),
  v.check((rule) => includes(TEXT_FIELDS, rule.field) || includes(NUMBER_FIELDS, rule.field), 'rule {i} has an invalid field'),
  v.check(
    (rule) => includes(isTextField(rule.field) ? TEXT_OPERATORS : NUMBER_OPERATORS, rule.operator),
    'rule {i} has an invalid operator',
  ),
  v.check((rule) => includes(ACTIONS, rule.action), 'rule {i} has an invalid action'),
  v.check(
    (rule) => !isTextField(rule.field) || (typeof rule.value === 'string' && rule.value.length >= 1 && rule.value.length <= MAX_RULE_TEXT),
    'rule {i} requires a bounded text value',
  ),
  v.check((rule) => isTextField(rule.field) || isFiniteNumber(rule.value), 'rule {i} requires a finite numeric value'),
  v.check((rule) => rule.action !== 'score' || isFiniteNumber(rule.score), 'rule {i} score action requires a score'),
  v.check((rule) => rule.action !== 'score' || Math.abs(rule.score as number) <= MAX_SCORE, 'rule {i} score is out of range'),
  v.check((rule) => rule.action !== 'exclude' || !('score' in rule), 'rule {i} exclude action cannot define a score'),
  v.transform((rule) => rule as unknown as CustomRule),
)

export const RulesSchema = v.pipe(
  v.custom<unknown[]>(Array.isArray, 'custom_rules must be a list'),
  v.check((rules) => rules.length <= MAX_RULES, `custom_rules cannot exceed ${MAX_RULES} entries`),
  v.array(RuleSchema),
)

// ---- documents -------------------------------------------------------------------------------

const intervalMessage = `database_update.interval_seconds must be between ${MIN_INTERVAL} and ${MAX_INTERVAL}`

// Each section: its key set first (exactObject), then its fields in product.md's order (object keys run in order).
const DatabaseUpdateSchema = v.pipe(
  exactObject('database_update', ['enabled', 'interval_seconds']),
  v.object({
    enabled: v.boolean('database_update.enabled must be a boolean'),
    interval_seconds: v.pipe(
      v.number(intervalMessage),
      v.integer(intervalMessage),
      v.minValue(MIN_INTERVAL, intervalMessage),
      v.maxValue(MAX_INTERVAL, intervalMessage),
    ),
  }),
)

export const ResultProcessingSchema = v.pipe(
  exactObject('result_processing', ['preset', 'custom_rules']),
  v.object({ preset: v.picklist(PRESETS, 'result_processing.preset is invalid'), custom_rules: RulesSchema }),
)

/** The 422 of a manager URL field that is not an absolute http(s) URL, or carries credentials. */
export const urlMessage = (name: 'url' | 'indexer_url'): string => `manager.${name} must be an absolute HTTP URL without credentials`

const urlField = (name: 'url' | 'indexer_url') => {
  const message = urlMessage(name)
  return v.pipe(v.string(message), v.check(isHttpUrl, message))
}
const apiKeyMessage = 'manager.api_key must be a bounded string'
const ApiKeySchema = v.pipe(v.string(apiKeyMessage), v.maxLength(MAX_API_KEY_LENGTH, apiKeyMessage))

const documentSchema = <T extends v.GenericSchema>(manager: T) =>
  v.pipe(
    exactObject('settings', ['schema_version', 'database_update', 'result_processing', 'manager']),
    v.object({
      schema_version: v.literal(1, 'schema_version must be 1'),
      database_update: DatabaseUpdateSchema,
      result_processing: ResultProcessingSchema,
      manager,
    }),
  )

/** The persisted document (interface.md §2.1). */
export const SettingsDocumentSchema = documentSchema(
  v.pipe(
    exactObject('manager', ['url', 'indexer_url', 'api_key']),
    v.object({ url: urlField('url'), indexer_url: urlField('indexer_url'), api_key: ApiKeySchema }),
  ),
)

/** The PUT /webapi/settings body: api_key optional and write-only, api_key_configured ignored. */
export const SettingsUpdateSchema = documentSchema(
  v.pipe(
    exactObject('manager', ['url', 'indexer_url'], ['api_key', 'api_key_configured']),
    v.object({
      url: urlField('url'),
      indexer_url: urlField('indexer_url'),
      api_key: v.optional(ApiKeySchema),
      api_key_configured: v.optional(v.unknown()),
    }),
    v.transform(({ api_key_configured: _ignored, ...manager }) => manager),
  ),
)

export type SettingsDocument = v.InferOutput<typeof SettingsDocumentSchema>
export type SettingsUpdate = v.InferOutput<typeof SettingsUpdateSchema>
export type ResultProcessing = v.InferOutput<typeof ResultProcessingSchema>

export const DEFAULT_SETTINGS: SettingsDocument = {
  schema_version: 1,
  database_update: { enabled: true, interval_seconds: 86400 },
  result_processing: { preset: 'unfiltered', custom_rules: [] },
  manager: { url: '', indexer_url: '', api_key: '' },
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string }

/** Runs a schema and returns the first message, with `{i}` replaced by the failing rule's index. */
export const validate = <T extends v.GenericSchema>(schema: T, input: unknown): ValidationResult<v.InferOutput<T>> => {
  const result = v.safeParse(schema, input, { abortEarly: true })
  if (result.success) return { ok: true, value: result.output }
  const issue = result.issues[0]
  const index = issue.path?.find((item) => item.type === 'array')?.key
  return { ok: false, message: issue.message.replace('{i}', String(index ?? 0)) }
}
