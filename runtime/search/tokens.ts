/**
 * Title words: user text split into FTS5 tokens by SQLite's own `unicode61` tokenizer, and MATCH
 * expressions built from them that can never carry FTS syntax.
 */
import { Database, type Statement } from 'bun:sqlite'

/** Must equal the tokenizer of torrents_fts in runtime/db/schema.ts (a unit test compares them). */
export const FTS_TOKENIZER = 'unicode61 remove_diacritics 2'

interface Tokenizer {
  begin: Statement
  add: Statement
  terms: Statement
  addRow: Statement
  docs: Statement
  rollback: Statement
}

let tokenizer: Tokenizer | null = null

// SQLite's separator table is its own (older Unicode, emoji are token characters, some combining
// marks are not), so no JavaScript regex splits text exactly like it. Asking an in-memory FTS table
// does (~30 µs: insert, read the terms, roll back), and each term is then exactly one token when quoted.
const openTokenizer = (): Tokenizer => {
  const db = new Database(':memory:')
  db.run(`CREATE VIRTUAL TABLE words USING fts5(text, tokenize='${FTS_TOKENIZER}')`)
  db.run(`CREATE VIRTUAL TABLE words_terms USING fts5vocab(words, 'instance')`)
  return {
    begin: db.prepare('BEGIN'),
    add: db.prepare('INSERT INTO words(rowid, text) VALUES (1, ?)'),
    terms: db.prepare('SELECT term FROM words_terms ORDER BY offset'),
    addRow: db.prepare('INSERT INTO words(rowid, text) VALUES (?, ?)'),
    docs: db.prepare('SELECT doc, count(DISTINCT term) AS n FROM words_terms WHERE term IN (SELECT value FROM json_each(?)) GROUP BY doc'),
    rollback: db.prepare('ROLLBACK'),
  }
}

/** The distinct FTS tokens of `text` (case-folded, accents removed), in order of appearance. */
export const queryTokens = (text: string): string[] =>
  // ASCII text (nearly every query) needs no round trip through SQLite: ~0.2 ms of the main thread a search.
  ASCII_TEXT.test(text) ? [...new Set(text.toLowerCase().match(ASCII_RUN) ?? [])] : sqliteTokens(text)

/** queryTokens() as SQLite's tokenizer itself gives them, for any text. */
export const sqliteTokens = (text: string): string[] => {
  tokenizer ??= openTokenizer()
  tokenizer.begin.run()
  try {
    tokenizer.add.run(text.replaceAll('\0', ' '))
    const terms = (tokenizer.terms.all() as Array<{ term: string }>).map((row) => row.term)
    return [...new Set(terms)]
  } finally {
    tokenizer.rollback.run()
  }
}

/**
 * An FTS5 MATCH expression requiring every token. Each token is a quoted string, so words such as
 * AND/OR/NOT/NEAR and characters such as `*`, `^`, `:` or `"` are never operators.
 */
export const ftsMatch = (tokens: readonly string[]): string => tokens.map((token) => `"${token.replaceAll('"', '""')}"`).join(' ')

// On ASCII text unicode61 (without tokenchars/separators options) makes a token of every run of
// ASCII letters and digits, lower-cased, and nothing else: a regex then decides a match exactly.
const ASCII_TEXT = /^[\x00-\x7F]*$/
const ASCII_TOKEN = /^[a-z0-9]+$/
const ASCII_RUN = /[a-z0-9]+/g

/** Whether titlesMatching() can decide for these tokens (each one ASCII letters and digits). */
export const walkableTokens = (tokens: readonly string[]): boolean => tokens.length > 0 && tokens.every((token) => ASCII_TOKEN.test(token))

/**
 * For each title, whether it holds every token, exactly as `torrents_fts MATCH ftsMatch(tokens)`
 * decides but without reading the index (a big doclist costs ~30 ns a row to read, a probe ~40 µs).
 * ASCII titles are decided by regex; the others go through the tokenizer itself, all at once.
 */
export const titlesMatching = (titles: readonly string[], tokens: readonly string[]): boolean[] => {
  const patterns = tokens.map((token) => new RegExp(`(?<![a-z0-9])${token}(?![a-z0-9])`, 'i'))
  const result: boolean[] = []
  const others: number[] = []
  titles.forEach((title, i) => {
    const ascii = ASCII_TEXT.test(title)
    result.push(ascii && patterns.every((pattern) => pattern.test(title)))
    if (!ascii) others.push(i)
  })
  if (others.length > 0)
    for (const i of tokenizedMatches(
      others.map((i) => titles[i]),
      tokens,
    ))
      result[others[i]] = true
  return result
}

/** Indexes of the texts whose unicode61 tokens include every token. */
const tokenizedMatches = (texts: readonly string[], tokens: readonly string[]): number[] => {
  tokenizer ??= openTokenizer()
  tokenizer.begin.run()
  try {
    texts.forEach((text, i) => tokenizer?.addRow.run(i + 1, text.replaceAll('\0', ' ')))
    const rows = tokenizer.docs.all(JSON.stringify(tokens)) as Array<{ doc: number; n: number }>
    return rows.filter((row) => row.n === tokens.length).map((row) => row.doc - 1)
  } finally {
    tokenizer.rollback.run()
  }
}

// Letters and digits (and combining marks) of a title, for the marker parser: ITA, 1080P, SUB…
const WORD = /[\p{L}\p{N}\p{M}]+/gu

/** Upper-cased words of a title. */
export const titleWords = (title: string): string[] => wordsOf(title.toUpperCase())

/** The words of text that is already upper-cased (saves a second toUpperCase at import). */
export const wordsOf = (upper: string): string[] => (upper.match(WORD) ?? []) as string[]
