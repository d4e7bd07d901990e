/**
 * The body of POST /webapi/diagnostics/search: exactly the Torznab search parameters, strict (no
 * other key, `apikey` included), as JSON types. It becomes the query string /api would receive.
 */
import * as v from 'valibot'

const text = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))))
const integer = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))

const ExplainInputSchema = v.strictObject({
  t: v.optional(v.picklist(['search', 'tvsearch', 'movie']), 'search'),
  q: text(512),
  imdbid: text(32),
  tmdbid: v.optional(v.nullable(integer(0, 1_000_000_000))),
  season: v.optional(v.nullable(integer(0, 9999))),
  /** An episode number, or a daily show's MM/DD. */
  ep: v.optional(v.nullable(v.union([integer(0, 9999), v.pipe(v.string(), v.maxLength(5))]))),
  cat: text(512),
  limit: v.optional(integer(1, 200), 100),
  offset: v.optional(integer(0, 1_000_000), 0),
})
export type ExplainInput = v.InferOutput<typeof ExplainInputSchema>

const FIELDS = 't, q, imdbid, tmdbid, season, ep, cat, limit and offset'

/** A sentence naming the first field in error, never its value (which could be anything). */
export const parseExplainInput = (input: unknown): { ok: true; value: ExplainInput } | { ok: false; message: string } => {
  // Valibot's objects take an array for an object without keys.
  const result = v.safeParse(ExplainInputSchema, Array.isArray(input) ? null : input)
  if (result.success) return { ok: true, value: result.output }
  const issue = result.issues[0]
  const field = issue.path?.[0]?.key
  // An unknown key is not named back: it could be anything, a key included.
  if (typeof field !== 'string' || !(field in ExplainInputSchema.entries)) {
    return { ok: false, message: `Invalid diagnostic parameters: send a JSON object with only ${FIELDS}` }
  }
  return { ok: false, message: `Invalid diagnostic parameters: ${field} is out of range or of the wrong type` }
}

/** The /api query string of the same search (values as /api reads them). */
export const toQueryString = (input: ExplainInput): string => {
  const params = new URLSearchParams({ t: input.t })
  for (const name of ['q', 'imdbid', 'tmdbid', 'season', 'ep', 'cat'] as const) {
    const value = input[name]
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value))
  }
  params.set('limit', String(input.limit))
  params.set('offset', String(input.offset))
  return params.toString()
}
