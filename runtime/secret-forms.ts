/**
 * Finds a secret in a text however it was written (issue 15): as is, URL-encoded, base64 or
 * base64url, split by whitespace, in any case, or cut: any piece of FRAGMENT_LENGTH characters counts.
 */

/** A piece this long of the manager key is treated as the key itself. */
const FRAGMENT_LENGTH = 10

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

/** Every reading of `text` a fragment is looked for in, lower-cased. */
const readings = (text: string): string[] => {
  const plain = [text, percentDecoded(text), text.replace(/\+/g, ' ')]
  const joined = plain.map((variant) => variant.replace(/\s+/g, ''))
  const all = [...plain, ...joined]
  return [...all, ...all.flatMap(base64Decoded)].map((variant) => variant.toLowerCase())
}

/** Every FRAGMENT_LENGTH-character piece of the secret (the whole secret when shorter), lower-cased. */
const fragments = (secret: string): string[] => {
  const compact = secret.replace(/\s+/g, '').toLowerCase()
  if (compact.length <= FRAGMENT_LENGTH) return compact === '' ? [] : [compact]
  const pieces: string[] = []
  for (let start = 0; start + FRAGMENT_LENGTH <= compact.length; start++) pieces.push(compact.slice(start, start + FRAGMENT_LENGTH))
  return pieces
}

/** True when `text` holds any secret, or a piece of one, in any of the forms above. */
export const holdsSecret = (text: string, secrets: readonly string[]): boolean => {
  const pieces = secrets.flatMap(fragments)
  if (pieces.length === 0 || text === '') return false
  return readings(text).some((reading) => pieces.some((piece) => reading.includes(piece)))
}
