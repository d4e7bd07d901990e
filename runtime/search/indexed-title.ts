/**
 * The text the title index (torrents_fts) holds for a release: its title, then the spellings that the
 * *arr apps' cleaned queries use for it. Sonarr deletes apostrophes and dots from a series title and
 * writes `&` as "and" before it searches (SearchCriteriaBase.GetCleanSceneTitle: `L'Amica Geniale` →
 * `LAmica Geniale`, `Chicago P.D.` → `Chicago PD`, `Franklin & Bash` → `Franklin and Bash`); Radarr
 * writes `&` as "and" too. Every query token must match a title token, so without these a title
 * fallback of theirs finds nothing for names Italian titles are full of (dell'Acqua, C'è, d'Interesse).
 * The index is the only reader: served titles and ranking rules read the title itself.
 */

// Cheap tests first, without Unicode classes (~0.1 µs a title at import): most titles have neither.
const MAY_JOIN = /['’`&]/
const MAY_HAVE_INITIALS = /(?:^|[^A-Za-z0-9])[A-Za-z]\.[A-Za-z](?![A-Za-z0-9])/
// Single ASCII letters joined by dots: P.D., S.W.A.T. (a word of its own, so Mare.Fuori never is one).
const INITIALS = /(?<![\p{L}\p{N}])[A-Za-z](?:\.[A-Za-z])+(?![\p{L}\p{N}])/gu
const WORD_CHAR = /[\p{L}\p{N}]/u
const APOSTROPHES = new Set(["'", '’', '`'])

const isWordChar = (title: string, at: number): boolean => {
  const code = title.charCodeAt(at)
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122)
  return !Number.isNaN(code) && WORD_CHAR.test(title[at])
}

/** Words joined by apostrophes, each chain once without them: L'Amica → LAmica, Rock'n'Roll → RocknRoll. */
const elisions = (title: string): string[] => {
  const chains: string[] = []
  let at = 0
  while (at < title.length) {
    if (!(APOSTROPHES.has(title[at]) && isWordChar(title, at - 1) && isWordChar(title, at + 1))) {
      at++
      continue
    }
    let start = at - 1
    while (isWordChar(title, start - 1)) start--
    let end = at + 1
    for (;;) {
      while (isWordChar(title, end)) end++
      if (!(APOSTROPHES.has(title[end]) && isWordChar(title, end + 1))) break
      end++
    }
    chains.push([...title.slice(start, end)].filter((character) => !APOSTROPHES.has(character)).join(''))
    at = end
  }
  return chains
}

/** The extra spellings of `title`, space-separated; empty for most titles. */
export const cleanedSpellings = (title: string): string => {
  const joins = MAY_JOIN.test(title)
  const initials = MAY_HAVE_INITIALS.test(title)
  if (!joins && !initials) return ''
  const forms = joins ? elisions(title) : []
  if (initials) for (const [letters] of title.matchAll(INITIALS)) forms.push(letters.replaceAll('.', ''))
  if (joins && title.includes('&')) forms.push('and')
  return forms.join(' ')
}

/** What torrents_fts indexes for `title`, and what a walk through titles tests instead of it. */
export const indexedTitle = (title: string): string => {
  const forms = cleanedSpellings(title)
  return forms === '' ? title : `${title}\n${forms}`
}
