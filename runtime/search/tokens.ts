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
    rollback: db.prepare('ROLLBACK'),
  }
}

/** The distinct FTS tokens of `text` (case-folded, accents removed), in order of appearance. */
export const queryTokens = (text: string): string[] => {
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

// Letters and digits (and combining marks) of a title, for the marker parser: ITA, 1080P, SUB…
const WORD = /[\p{L}\p{N}\p{M}]+/gu

/** Upper-cased words of a title. */
export const titleWords = (title: string): string[] => wordsOf(title.toUpperCase())

/** The words of text that is already upper-cased (saves a second toUpperCase at import). */
export const wordsOf = (upper: string): string[] => (upper.match(WORD) ?? []) as string[]
