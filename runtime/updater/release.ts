/**
 * Release discovery (product.md §7): the latest release's first `.dump` asset and its SHA-256
 * (the `digest`, else the sibling `.sha256` asset), plus the rule that decides whether to update.
 */
import * as v from 'valibot'
import { readCapped } from '../capped-body.ts'
import { deadline, httpGet, networkReason } from './http-fetch.ts'
import { UpdateFailure } from './types.ts'

interface ReleaseAsset {
  name: string
  /** Bytes, as the release metadata states it (null when absent). */
  size: number | null
  url: string
}

export interface Release {
  tag: string
  asset: ReleaseAsset
  /** Lower-case hex. */
  sha256: string
}

export interface DiscoverOptions {
  url: string
  userAgent: string
  timeoutMs?: number
  signal?: AbortSignal
}

const RELEASE_TIMEOUT_MS = 30_000
// GitHub's answer is a few KiB; a cap keeps a hostile or broken endpoint from filling memory.
const MAX_METADATA_BYTES = 1024 * 1024
const MAX_CHECKSUM_BYTES = 64 * 1024
const SHA256_HEX = /^[0-9a-f]{64}$/
// Tags become directory names under $DATA_DIR/snapshots, so only plain names are accepted.
const PLAIN_TAG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const MAX_TAG_LENGTH = 100
const DATED_TAG = /^db-(\d{4}-\d{2}-\d{2})$/

const AssetSchema = v.looseObject({
  name: v.string(),
  size: v.optional(v.nullable(v.number())),
  digest: v.optional(v.nullable(v.string())),
  browser_download_url: v.string(),
})
const ReleaseSchema = v.looseObject({ tag_name: v.string(), assets: v.array(AssetSchema) })
type AssetMetadata = v.InferOutput<typeof AssetSchema>

const fail = (reason: string, retryAt: number | null = null): never => {
  throw new UpdateFailure(`Release check failed: ${reason}`, { retryAt })
}

/**
 * When a refusing server lets requests through again (epoch ms), or null when it did not say: GitHub's
 * rate limit (403 or 429 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset`, epoch seconds) or a
 * `Retry-After` (seconds or an HTTP date). Sixty requests an hour without a token are easily spent
 * behind one shared address.
 */
export const retryAtOf = (response: Response, now: number): number | null => {
  const { headers } = response
  const reset = Number(headers.get('x-ratelimit-reset'))
  if (headers.get('x-ratelimit-remaining') === '0' && Number.isFinite(reset) && reset > 0) return reset * 1000
  const after = headers.get('retry-after')
  if (after === null) return null
  if (/^\d+$/.test(after.trim())) return now + Number(after) * 1000
  const date = Date.parse(after)
  return Number.isNaN(date) ? null : date
}

const clockTime = (ms: number): string => new Date(ms).toISOString().slice(11, 16)

const isHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** One small GET under a whole-request deadline; the body is read within the same deadline. */
interface SmallRequest {
  what: 'release server' | 'checksum server'
  accept: string
  maxBytes: number
}

const METADATA: SmallRequest = { what: 'release server', accept: 'application/vnd.github+json', maxBytes: MAX_METADATA_BYTES }
const CHECKSUM: SmallRequest = { what: 'checksum server', accept: '*/*', maxBytes: MAX_CHECKSUM_BYTES }

const fetchSmall = async (url: string, { what, accept, maxBytes }: SmallRequest, options: DiscoverOptions): Promise<Uint8Array> => {
  const timeoutMs = options.timeoutMs ?? RELEASE_TIMEOUT_MS
  const timer = deadline(timeoutMs, options.signal)
  try {
    const response = await httpGet(url, { userAgent: options.userAgent, accept, signal: timer.signal })
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {})
      const retryAt = response.status === 403 || response.status === 429 ? retryAtOf(response, Date.now()) : null
      if (retryAt !== null)
        return fail(
          `the ${what} refuses requests for now (rate limit, HTTP ${response.status}); it accepts them again at ${clockTime(retryAt)} UTC`,
          retryAt,
        )
      return fail(`HTTP ${response.status} from the ${what}`)
    }
    const body = await readCapped(response, maxBytes)
    if (body === null) return fail(`the ${what} sent more than ${maxBytes / 1024} KiB`)
    return body
  } catch (error) {
    if (error instanceof UpdateFailure) throw error
    const reason = networkReason(error, timer.signal)
    if (reason.startsWith('timed out')) return fail(`no answer from the ${what} within ${timeoutMs / 1000} s`)
    return fail(`cannot reach the ${what} (${reason})`)
  } finally {
    timer.clear()
  }
}

const parseMetadata = (body: Uint8Array) => {
  let document: unknown
  try {
    document = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return fail('the release metadata is not valid JSON')
  }
  const parsed = v.safeParse(ReleaseSchema, document)
  if (!parsed.success) return fail('the release metadata has no tag_name or a malformed assets list')
  return parsed.output
}

const checksumOf = async (asset: AssetMetadata, assets: AssetMetadata[], options: DiscoverOptions): Promise<string> => {
  const digest = asset.digest?.trim().toLowerCase() ?? ''
  if (digest.startsWith('sha256:') && SHA256_HEX.test(digest.slice(7))) return digest.slice(7)
  const sibling = assets.find((candidate) => candidate.name === `${asset.name}.sha256`)
  if (!sibling || !isHttpUrl(sibling.browser_download_url)) {
    return fail(`${asset.name} has no SHA-256 digest and no ${asset.name}.sha256 asset`)
  }
  const body = await fetchSmall(sibling.browser_download_url, CHECKSUM, options)
  // `sha256sum` output: "<hex>  <file name>"; the first token is the checksum.
  const token = new TextDecoder().decode(body).trim().split(/\s+/, 1)[0]?.toLowerCase() ?? ''
  if (!SHA256_HEX.test(token)) return fail(`${sibling.name} does not start with a SHA-256 checksum`)
  return token
}

/** Reads the release metadata and resolves the asset to download; throws UpdateFailure sentences. */
export const discoverRelease = async (options: DiscoverOptions): Promise<Release> => {
  const metadata = parseMetadata(await fetchSmall(options.url, METADATA, options))
  const tag = metadata.tag_name.trim()
  if (tag.length > MAX_TAG_LENGTH) return fail(`the release tag is longer than ${MAX_TAG_LENGTH} characters`)
  if (!PLAIN_TAG.test(tag)) return fail('the release tag is not a plain name (letters, digits, ".", "_", "-")')
  const asset = metadata.assets.find((candidate) => candidate.name.endsWith('.dump'))
  if (!asset) return fail(`release ${tag} has no .dump asset`)
  if (!isHttpUrl(asset.browser_download_url)) return fail(`${asset.name} has no http(s) download URL`)
  const sha256 = await checksumOf(asset, metadata.assets, options)
  const size = typeof asset.size === 'number' && Number.isSafeInteger(asset.size) && asset.size >= 0 ? asset.size : null
  return { tag, asset: { name: asset.name, size, url: asset.browser_download_url }, sha256 }
}

/** product.md §7: `db-YYYY-MM-DD` tags never downgrade; any other pair updates on any difference. */
export const isUpdate = (remote: string, installed: string | null): boolean => {
  if (installed === null) return true
  if (remote === installed) return false
  const remoteDate = DATED_TAG.exec(remote)?.[1]
  const installedDate = DATED_TAG.exec(installed)?.[1]
  if (remoteDate && installedDate) return remoteDate > installedDate
  return true
}

/** The tag of a hand-installed dump: `icvdb-YYYY-MM-DD.dump` → `db-YYYY-MM-DD`, else `manual-<name>`. */
export const tagForDumpName = (fileName: string): string => {
  const dated = /^icvdb-(\d{4}-\d{2}-\d{2})\.dump$/.exec(fileName)
  if (dated) return `db-${dated[1]}`
  const plain = fileName
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 90)
  return `manual-${plain || 'dump'}`
}
