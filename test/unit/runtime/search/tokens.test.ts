import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { FILES_TABLES_DDL } from '../../../../runtime/db/schema.ts'
import {
  FTS_TOKENIZER,
  ftsMatch,
  queryTokens,
  sqliteTokens,
  titlesMatching,
  titleWords,
  walkableTokens,
} from '../../../../runtime/search/tokens.ts'

describe('queryTokens', () => {
  test.each([
    ['Breaking Bad', ['breaking', 'bad']],
    ['Breaking.Bad', ['breaking', 'bad']],
    ['BREAKING_BAD', ['breaking', 'bad']],
    ['  breaking   -  bad ', ['breaking', 'bad']],
    ['Le ali della Libertà', ['le', 'ali', 'della', 'liberta']],
    ['C’è ancora domani', ['c', 'e', 'ancora', 'domani']],
    ['Shōgun S01E01', ['shogun', 's01e01']],
    ['進撃の巨人', ['進撃の巨人']],
    ['bad Bad BAD', ['bad']],
    ['...', []],
    ['', []],
  ])('%p → %p', (text, expected) => {
    expect(queryTokens(text)).toEqual(expected)
  })

  test('ignores NUL characters instead of failing', () => {
    expect(queryTokens('a\0b')).toEqual(['a', 'b'])
    expect(sqliteTokens('a\0b')).toEqual(['a', 'b'])
  })

  test("the ASCII fast path gives exactly what SQLite's tokenizer gives, on 5,000 random ASCII strings", () => {
    let state = 12345
    const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n)
    // Every ASCII code, weighted towards letters, digits and the separators titles use.
    const alphabet = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)), ...'aAzZ09._- '.repeat(6)]
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: next(40) }, () => alphabet[next(alphabet.length)]).join('')
      expect(queryTokens(text)).toEqual(sqliteTokens(text))
    }
  })
})

describe('ftsMatch', () => {
  test('quotes every token, so FTS operators and syntax are plain words', () => {
    const tokens = queryTokens('NOT breaking OR bad* NEAR(x) "y" ^z col:w -v')
    expect(ftsMatch(tokens)).toBe('"not" "breaking" "or" "bad" "near" "x" "y" "z" "col" "w" "v"')
  })

  test('doubles a quote inside a token', () => {
    expect(ftsMatch(['a"b'])).toBe('"a""b"')
  })
})

describe('the tokenizer agrees with the torrents_fts table', () => {
  test('FTS_TOKENIZER is the tokenizer of torrents_fts in the schema', () => {
    const ddl = FILES_TABLES_DDL.find((statement) => statement.includes('torrents_fts USING fts5'))
    expect(ddl).toContain(`tokenize='${FTS_TOKENIZER}'`)
  })

  test('every token of any code point finds its own title and never makes a phrase query', () => {
    // One title per code point ("x<n><c>y<n>", unique words): quoting our tokens must never trip
    // detail=none's "phrase queries are not supported", and must find that title.
    const db = new Database(':memory:')
    db.run(`CREATE VIRTUAL TABLE f USING fts5(title, tokenize='${FTS_TOKENIZER}', detail=none)`)
    const insert = db.prepare('INSERT INTO f(rowid, title) VALUES (?, ?)')
    const points: number[] = []
    for (let c = 0x20; c <= 0x1ffff; c += c < 0x800 ? 1 : 11) if (c < 0xd800 || c > 0xdfff) points.push(c)
    const title = (c: number) => `x${c}${String.fromCodePoint(c)}y${c}`
    db.transaction(() => points.forEach((c) => insert.run(c, title(c))))()
    const match = db.prepare('SELECT rowid FROM f WHERE f MATCH ?')
    const misses = points.filter((c) => {
      const tokens = queryTokens(title(c))
      return !(match.all(ftsMatch(tokens)) as Array<{ rowid: number }>).some((row) => row.rowid === c)
    })
    expect(misses).toEqual([])
  })
})

describe('titlesMatching decides exactly like MATCH on torrents_fts', () => {
  // Titles built from pieces that stress the ASCII shortcut: accents, combining marks, folding
  // that SQLite does not do (ß, the Kelvin sign, fullwidth digits), emoji, tabs, NUL and punctuation.
  const pieces = [
    'ita',
    'ITA',
    'Ita',
    'x264',
    '1080p',
    '1080',
    'p',
    'ità',
    'IT\u0300A',
    'İta',
    '\u212Aita',
    'straße',
    'strasse',
    '１０８０p',
    '🎬',
  ]
  const separators = [' ', '.', '_', '-', '\t', '\0', '[', 'à', '\u0301', '']
  const titles: string[] = []
  let seed = 7
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
  for (let i = 0; i < 3000; i++) {
    const parts = Array.from({ length: 1 + next(5) }, () => pieces[next(pieces.length)] + separators[next(separators.length)])
    titles.push(parts.join(''))
  }

  test.each([[['ita']], [['x264']], [['1080p']], [['1080', 'p']], [['ita', 'x264']], [['strasse']], [['kita']], [['ita', '1080p']]])(
    '%p',
    (tokens) => {
      const db = new Database(':memory:')
      db.run(`CREATE VIRTUAL TABLE f USING fts5(title, tokenize='${FTS_TOKENIZER}', detail=none)`)
      const insert = db.prepare('INSERT INTO f(rowid, title) VALUES (?, ?)')
      db.transaction(() => titles.forEach((title, i) => insert.run(i, title)))()
      const expected = new Set(
        (db.query('SELECT rowid FROM f WHERE f MATCH ?').all(ftsMatch(tokens)) as Array<{ rowid: number }>).map((row) => row.rowid),
      )
      const decided = titlesMatching(titles, tokens)
      expect(decided.flatMap((yes, i) => (yes ? [i] : []))).toEqual([...expected].sort((a, b) => a - b))
      expect(expected.size).toBeGreaterThan(0)
    },
  )

  test('only plain ASCII letter-and-digit tokens are walkable', () => {
    expect(walkableTokens(['ita', '1080p'])).toBe(true)
    expect(walkableTokens(['città'])).toBe(false)
    expect(walkableTokens([])).toBe(false)
  })
})

describe('titleWords', () => {
  test('splits on every separator and upper-cases', () => {
    expect(titleWords('The.Bear.S03E04.[SUB ITA]-x264_GRP')).toEqual(['THE', 'BEAR', 'S03E04', 'SUB', 'ITA', 'X264', 'GRP'])
  })
})
