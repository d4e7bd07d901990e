import { describe, expect, test } from 'bun:test'
import { ArchiveError } from '../../../../runtime/pgarchive/archive-error.ts'
import { CopyDecoder, fieldPick, unescapeCopyField, type CopyRow, type FieldPick } from '../../../../runtime/pgarchive/copy.ts'

const encode = (text: string): Uint8Array => new TextEncoder().encode(text)

/** Decodes `payload` fed in pieces of `pieceSize` bytes. */
const decode = (
  payload: string | Uint8Array,
  columns: number,
  pieceSize = Number.MAX_SAFE_INTEGER,
  pick: FieldPick | null = null,
): { rows: CopyRow[]; decoder: CopyDecoder } => {
  const bytes = typeof payload === 'string' ? encode(payload) : payload
  const rows: CopyRow[] = []
  const decoder = new CopyDecoder('t', columns, (row) => void rows.push(row), pick)
  for (let start = 0; start < bytes.length; start += pieceSize) decoder.push(bytes.subarray(start, start + pieceSize))
  decoder.finish()
  return { rows, decoder }
}

describe('unescapeCopyField', () => {
  const cases: [string, string][] = [
    ['a\\tb', 'a\tb'],
    ['line\\nbreak', 'line\nbreak'],
    ['cr\\r', 'cr\r'],
    ['\\b\\f\\v', '\b\f\v'],
    ['back\\\\slash', 'back\\slash'],
    ['C:\\\\Users\\\\x', 'C:\\Users\\x'],
    ['\\101\\102', 'AB'],
    ['\\0', '\u0000'],
    ['\\1234', 'S4'], // at most three octal digits
    ['\\303\\250', 'è'], // octal bytes form one UTF-8 character
    ['\\x41', 'A'],
    ['\\x4', '\u0004'],
    ['\\xc3\\xa8!', 'è!'],
    ['\\xg', 'xg'], // \x without a hex digit is a plain x
    ['\\.', '.'],
    ['x\\n\\\\.\\ny', 'x\n\\.\ny'], // a line that is exactly \. inside a value
    ['\\Nope', 'Nope'], // \N only means NULL as the whole field
    ['tail\\', 'tail'], // a lone trailing backslash is dropped, as PostgreSQL does
    ['è\\t🎬', 'è\t🎬'],
  ]
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      expect(unescapeCopyField(input)).toBe(expected)
    })
  }
})

describe('CopyDecoder', () => {
  test('splits rows and fields, keeps empty strings apart from \\N', () => {
    const { rows } = decode('a\t\t\\N\nb\tx\\ty\t\n\\.\n\n\n', 3)
    expect(rows).toEqual([
      ['a', '', null],
      ['b', 'x\ty', ''],
    ])
  })

  test('stops at the \\. line and ignores what follows it', () => {
    const { rows, decoder } = decode('a\n\\.\nnot a row\n', 1)
    expect(rows).toEqual([['a']])
    expect(decoder.ended).toBe(true)
  })

  test('an empty table is just the terminator', () => {
    expect(decode('\\.\n\n\n', 4).rows).toEqual([])
  })

  test('a payload without the terminator is refused', () => {
    expect(() => decode('a\nb\n', 1)).toThrow(new ArchiveError('data block of t ends without the end-of-data marker after row 2'))
  })

  test('a row with the wrong number of fields is refused', () => {
    expect(() => decode('a\tb\nc\n\\.\n', 2)).toThrow(new ArchiveError('data block of t is corrupt (row 2 has 1 fields, expected 2)'))
  })

  test('raw control bytes other than tab and newline pass through', () => {
    expect(decode('a\u0001b\tc\u000bd\n\\.\n', 2).rows).toEqual([['a\u0001b', 'c\u000bd']])
  })

  test('multi-byte UTF-8 split across pieces at every byte gives the same rows', () => {
    const payload = 'città\t«Gomorra» 進撃の巨人 🎬\nè\t\\N\n\\.\n\n\n'
    const whole = decode(payload, 2).rows
    expect(whole).toEqual([
      ['città', '«Gomorra» 進撃の巨人 🎬'],
      ['è', null],
    ])
    for (const size of [1, 2, 3, 5, 7]) expect(decode(payload, 2, size).rows).toEqual(whole)
  })

  test('a 105 KB value decodes in one piece and across many pieces', () => {
    const big = `${'{"title": "Gomorra – La Serie", "seeders": 12}, '.repeat(2200)}\\\\end`
    expect(big.length).toBeGreaterThan(105_000)
    const payload = `key\t${big}\nnext\tsmall\n\\.\n\n\n`
    const expected = [
      ['key', big.replace('\\\\end', '\\end')],
      ['next', 'small'],
    ]
    expect(decode(payload, 2).rows).toEqual(expected)
    expect(decode(payload, 2, 4096).rows).toEqual(expected)
  })
})

describe('CopyDecoder with a field pick', () => {
  const columns = ['id', 'title', 'note', 'size']
  const payload = '1\tIl Divo\\t(2008)\t\\N\t42\n2\t\\N\tx\\ny\t\\N\n\\.\n\n\n'

  test('delivers only the picked columns, in pick order, with NULLs and escapes decoded', () => {
    const pick = fieldPick(columns, ['size', 'title', 'id'])
    expect(decode(payload, 4, Number.MAX_SAFE_INTEGER, pick).rows).toEqual([
      ['42', 'Il Divo\t(2008)', '1'],
      [null, null, '2'],
    ])
  })

  test('gives the same fields as a full split, piece size notwithstanding', () => {
    const full = decode(payload, 4).rows.map((row) => [row[3], row[1], row[0]])
    expect(decode(payload, 4, 3, fieldPick(columns, ['size', 'title', 'id'])).rows).toEqual(full)
  })

  test('still refuses rows with too few or too many fields', () => {
    const pick = fieldPick(columns, ['id'])
    expect(() => decode('1\t2\t3\n\\.\n', 4, Number.MAX_SAFE_INTEGER, pick)).toThrow(
      new ArchiveError('data block of t is corrupt (row 1 has 3 fields, expected 4)'),
    )
    expect(() => decode('1\t2\t3\t4\t5\n\\.\n', 4, Number.MAX_SAFE_INTEGER, pick)).toThrow(
      new ArchiveError('data block of t is corrupt (row 1 has 5 fields, expected 4)'),
    )
  })

  test('a pick naming a column the table lacks is refused', () => {
    expect(() => fieldPick(columns, ['imdb_id'])).toThrow(new ArchiveError('COPY data has no column imdb_id'))
  })
})
