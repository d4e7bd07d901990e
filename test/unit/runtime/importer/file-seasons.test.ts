import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { FILES_TABLES_DDL } from '../../../../runtime/db/schema.ts'
import { FileSeasons } from '../../../../runtime/importer/file-seasons.ts'

const written = (rows: Array<[number | null, number | null, number | null]>): number[][] => {
  const db = new Database(':memory:')
  db.run(FILES_TABLES_DDL.find((ddl) => ddl.includes('file_seasons')) as string)
  const seasons = new FileSeasons(db)
  for (const [torrent, imdb, season] of rows) seasons.add(torrent, imdb, season)
  seasons.finish()
  const result = db.query('SELECT torrent, imdb, season FROM file_seasons ORDER BY rowid').values() as number[][]
  db.close()
  return result
}

describe('FileSeasons', () => {
  test("a pack's episodes in a row give one row a season; a season or show change starts another", () => {
    const rows: Array<[number, number, number]> = [
      [1, 100, 1],
      [1, 100, 1],
      [1, 100, 1],
      [1, 100, 2],
      [1, 100, 2],
      [1, 200, 2],
      [2, 200, 2],
    ]
    expect(written(rows)).toEqual([
      [1, 100, 1],
      [1, 100, 2],
      [1, 200, 2],
      [2, 200, 2],
    ])
  })

  test('rows without a torrent, show or season, or with a value that is not a finite number, are not recorded', () => {
    expect(
      written([
        [null, 100, 1],
        [1, null, 1],
        [1, 100, null],
        [1, Number.NaN, 1],
        [1, 100, Number.POSITIVE_INFINITY],
      ]),
    ).toEqual([])
  })

  test('ten-digit IMDb numbers survive exactly, and the rows short of a full batch are written on finish', () => {
    const rows = Array.from({ length: 70_001 }, (_, i): [number, number, number] => [i + 1, 9_999_999_999, (i % 3) + 1])
    const result = written(rows)
    expect(result.length).toBe(70_001)
    expect(result[0]).toEqual([1, 9_999_999_999, 1])
    expect(result[70_000]).toEqual([70_001, 9_999_999_999, 2])
  })

  test('a failed load releases the statements: the database closes cleanly, nothing written', () => {
    const db = new Database(':memory:')
    db.run(FILES_TABLES_DDL.find((ddl) => ddl.includes('file_seasons')) as string)
    const seasons = new FileSeasons(db)
    seasons.add(1, 100, 1)
    seasons.release()
    seasons.release()
    expect(db.query('SELECT count(*) AS n FROM file_seasons').get()).toEqual({ n: 0 })
    expect(() => db.close(true)).not.toThrow()
  })
})
