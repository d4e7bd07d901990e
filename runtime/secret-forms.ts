/**
 * Finds a secret in a text however it was written (issue 15): as is, URL-encoded, base64 or
 * base64url, hex, reversed, split by whitespace, in any case, or cut: any piece of FRAGMENT_LENGTH
 * characters counts.
 */

/**
 * A piece this long of the manager key is treated as the key itself. Shorter pieces are too common to
 * tell from ordinary text (a title's "12345678" would be withheld from the logs too): 8 characters of
 * a 32-character Prowlarr key still leave 2^32 guesses for each.
 */
const FRAGMENT_LENGTH = 8

const percentDecoded = (text: string): string => {
  let current = text
  // Twice: a key quoted inside a URL that is itself quoted arrives encoded two times.
  for (let round = 0; round < 2; round++) {
    const next = current.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
    if (next === current) break
    current = next
  }
  return current
}

const base64Decoded = (text: string): string[] =>
  (text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []).flatMap((run) => {
    const standard = run.replace(/-/g, '+').replace(/_/g, '/')
    // A cut run decodes from each of its first four characters: one of them is aligned with the original.
    return [0, 1, 2, 3].map((skip) => Buffer.from(standard.slice(skip), 'base64').toString('latin1'))
  })

// Two hex digits a byte, from either alignment (a cut run may start mid-byte).
const hexDecoded = (text: string): string[] =>
  (text.match(/[0-9a-f]{16,}/gi) ?? []).flatMap((run) =>
    [0, 1].map((skip) => Buffer.from(run.slice(skip, skip + ((run.length - skip) & ~1)), 'hex').toString('latin1')),
  )

const reversed = (text: string): string => [...text].reverse().join('')

/** Every reading of `text` a fragment is looked for in, lower-cased; each built only when the text can hold it. */
const readings = (text: string): Set<string> => {
  const plain = new Set([text])
  if (text.includes('%')) plain.add(percentDecoded(text))
  if (text.includes('+')) plain.add(text.replace(/\+/g, ' '))
  const all = new Set(plain)
  for (const variant of plain) if (/\s/.test(variant)) all.add(variant.replace(/\s+/g, ''))
  const lowered = new Set<string>()
  for (const variant of all) {
    for (const reading of [variant, ...base64Decoded(variant), ...hexDecoded(variant)]) lowered.add(reading.toLowerCase())
  }
  return lowered
}

/** The secret as it is looked for: without whitespace, lower-cased. */
const compactOf = (secret: string): string => secret.replace(/\s+/g, '').toLowerCase()

/**
 * Every FRAGMENT_LENGTH-character piece of the secret (the whole secret when shorter), lower-cased,
 * and each reversed: reversing the key's pieces once per key finds a reversed text as well as
 * reversing every text read would.
 */
const fragments = (secret: string): string[] => {
  const compact = compactOf(secret)
  if (compact === '') return []
  const pieces: string[] = []
  if (compact.length <= FRAGMENT_LENGTH) pieces.push(compact)
  else for (let start = 0; start + FRAGMENT_LENGTH <= compact.length; start++) pieces.push(compact.slice(start, start + FRAGMENT_LENGTH))
  return [...pieces, ...pieces.map(reversed)]
}

interface Pieces {
  list: string[]
  shortest: number
  /** Verdicts on short texts already read: the *arr apps ask the same queries again and again. */
  seen: Map<string, boolean>
}

const SEEN_TEXT_LENGTH = 256
const SEEN_ENTRIES = 4096

// The request history checks every kept /api parameter: the key's pieces are cut once per key, not per call.
const piecesCache = new Map<string, Pieces>()

const piecesOf = (secrets: readonly string[]): Pieces => {
  const cacheKey = secrets.join('\0')
  let pieces = piecesCache.get(cacheKey)
  if (pieces === undefined) {
    const list = [...new Set(secrets.flatMap(fragments))]
    pieces = { list, shortest: list.length === 0 ? 0 : Math.min(...list.map((piece) => piece.length)), seen: new Map() }
    if (piecesCache.size >= 8) piecesCache.clear()
    piecesCache.set(cacheKey, pieces)
  }
  return pieces
}

/** True when `text` holds the whole of `secret` in any of the forms above (not a piece: a URL saved beside a key may share a word with it). */
export const holdsWholeSecret = (text: string, secret: string): boolean => {
  const whole = compactOf(secret)
  if (whole === '') return false
  const backwards = reversed(whole)
  return [...readings(text)].some((reading) => reading.includes(whole) || reading.includes(backwards))
}

/** True when `text` holds any secret, or a piece of one, in any of the forms above. */
export const holdsSecret = (text: string, secrets: readonly string[]): boolean => {
  const pieces = piecesOf(secrets)
  // Every reading is at most as long as the text: a text shorter than every piece holds none.
  if (pieces.list.length === 0 || text.length < pieces.shortest) return false
  const known = pieces.seen.get(text)
  if (known !== undefined) return known
  let held = false
  for (const reading of readings(text)) if (pieces.list.some((piece) => reading.includes(piece))) held = true
  if (text.length <= SEEN_TEXT_LENGTH) {
    if (pieces.seen.size >= SEEN_ENTRIES) pieces.seen.clear()
    pieces.seen.set(text, held)
  }
  return held
}
