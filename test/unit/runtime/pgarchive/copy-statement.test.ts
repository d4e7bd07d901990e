import { describe, expect, test } from 'bun:test'
import { ArchiveError } from '../../../../runtime/pgarchive/archive-error.ts'
import { parseCopyColumns } from '../../../../runtime/pgarchive/copy-statement.ts'

describe('parseCopyColumns', () => {
  test('reads the column list of a pg_dump copyStmt', () => {
    expect(parseCopyColumns('COPY public.files (id, info_hash, file_index, title) FROM stdin;\n')).toEqual([
      'id',
      'info_hash',
      'file_index',
      'title',
    ])
  })

  test('unquotes quoted names, doubled quotes and commas included', () => {
    expect(parseCopyColumns('COPY public."odd table" ("user", "a,b", "say ""hi""", plain) FROM stdin;\n')).toEqual([
      'user',
      'a,b',
      'say "hi"',
      'plain',
    ])
  })

  test('refuses a statement without a column list', () => {
    expect(() => parseCopyColumns('INSERT INTO x VALUES (1);')).toThrow(ArchiveError)
  })
})
