import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { FILES_TABLES_DDL } from '../../../../runtime/db/schema.ts'
import { FileSeasons } from '../../../../runtime/importer/file-seasons.ts'

/** A database with both tables. */
const seasonTables = (): Database => {
  const db = new Database(':memory:')
  for (const ddl of FILES_TABLES_DDL.filter((ddl) => /TABLE (file|pack)_seasons/.test(ddl))) db.run(ddl)
  return db
}

/** Files rows [torrent, imdb, season, the torrent's imdb?] through FileSeasons: what each table holds. */
const tables = (rows: Array<[number | null, number | null, number | null, (number | null)?]>) => {
  const db = seasonTables()
  const seasons = new FileSeasons(db)
  for (const [torrent, imdb, season, show] of rows) seasons.add(torrent, imdb, season, show ?? null)
  seasons.finish()
  const read = (table: string) => db.query(`SELECT torrent, imdb, season FROM ${table} ORDER BY rowid`).values() as number[][]
  const result = { own: read('file_seasons'), packs: read('pack_seasons') }
  db.close()
  return result
}
const written = (rows: Array<[number | null, number | null, number | null]>): number[][] => tables(rows).own

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

  test("files rows without an id of their own go to pack_seasons under their torrent's id, in runs too", () => {
    expect(
      tables([
        [1, null, 1, 100],
        [1, null, 1, 100],
        [1, Number.NaN, 2, 100],
        [1, 300, 2, 100],
        [2, null, 1, null],
        [3, null, 4, 9_999_999_999],
      ]),
    ).toEqual({
      own: [[1, 300, 2]],
      packs: [
        [1, 100, 1],
        [1, 100, 2],
        [3, 9_999_999_999, 4],
      ],
    })
  })

  test('a failed load releases the statements: the database closes cleanly, nothing written', () => {
    const db = seasonTables()
    const seasons = new FileSeasons(db)
    seasons.add(1, 100, 1)
    seasons.release()
    seasons.release()
    expect(db.query('SELECT count(*) AS n FROM file_seasons').get()).toEqual({ n: 0 })
    expect(() => db.close(true)).not.toThrow()
  })
})
