import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { FILES_TABLES_DDL } from '../../../../runtime/db/schema.ts'
import { IdCrosswalk, keyNumber, writeCrosswalk } from '../../../../runtime/importer/id-crosswalk.ts'

type Row = [type: string, title: string, imdb: number | null, tmdb: number | null]

/** The crosswalk of `rows` (torrent ids from 1), as written: pairs and linked rows. */
const written = (rows: Row[]) => {
  const crosswalk = new IdCrosswalk()
  rows.forEach(([type, title, imdb, tmdb], i) => crosswalk.add({ torrent: i + 1, type, title, imdb, tmdb, season: null, episode: null }))
  const db = new Database(':memory:')
  for (const ddl of FILES_TABLES_DDL) db.run(ddl)
  const counts = db.transaction(() => writeCrosswalk(db, crosswalk.rows()))()
  return {
    counts,
    pairs: db.query('SELECT imdb, tmdb FROM id_links ORDER BY imdb').values(),
    linked: db.query('SELECT torrent, imdb, tmdb FROM linked_torrents ORDER BY torrent').values(),
  }
}

describe('IdCrosswalk', () => {
  // An IMDb-only row needs no link: a search by TMDB id reads the paired IMDb id's rows through id_links.
  test('pairs from rows with both ids; TMDB-only rows are linked under the paired IMDb id', () => {
    const { pairs, linked, counts } = written([
      ['movie', 'Dark.Harbor.2014', 10, 501],
      ['movie', 'Dark Harbor 2014 ITA', 10, null],
      ['movie', 'Something Else', null, 501],
      ['series', 'Show.S01E01', 20, 902],
      ['series', 'Show.S01E02', 20, null],
      ['series', 'Other.S01E02', null, 902],
    ])
    expect(pairs).toEqual([
      [10, 501],
      [20, 902],
    ])
    expect(linked).toEqual([
      [3, 10, null],
      [6, 20, null],
    ])
    expect(counts).toEqual({ pairs: 2, linked: 2 })
  })

  test('a linked row carries its season/episode evidence as torrents has it: its own columns and the title ranges', () => {
    const crosswalk = new IdCrosswalk()
    crosswalk.add({ torrent: 1, type: 'series', title: 'Show.S02E05.ITA', imdb: 20, tmdb: 902, season: 2, episode: 5 })
    crosswalk.add({ torrent: 2, type: 'series', title: 'Show.S02E05-E07.720p', imdb: null, tmdb: null, season: 2, episode: 5 })
    crosswalk.add({ torrent: 3, type: 'series', title: 'Show S01-S03 Complete', imdb: null, tmdb: 902, season: null, episode: null })
    const db = new Database(':memory:')
    for (const ddl of FILES_TABLES_DDL) db.run(ddl)
    db.transaction(() => writeCrosswalk(db, crosswalk.rows()))()
    expect(
      db
        .query(
          'SELECT torrent, season, episode, season_first, season_last, episode_first, episode_last, complete FROM linked_torrents ORDER BY torrent',
        )
        .values(),
    ).toEqual([
      [2, 2, 5, 2, 2, 5, 7, 0],
      [3, null, null, 1, 3, null, null, 0],
    ])
  })

  test('a contradicted pair is not used, in either direction', () => {
    const { pairs, linked } = written([
      ['movie', 'A.2001', 10, 501],
      ['movie', 'A.2001.ITA', 10, 502],
      ['movie', 'B 2002', 11, 503],
      ['movie', 'C 2003', 12, 503],
      ['movie', 'x', null, 501],
      ['movie', 'y', null, 503],
    ])
    expect(pairs).toEqual([])
    expect(linked).toEqual([])
  })

  test('an id-less row is linked by a name only one work carries; a name two works carry is not used', () => {
    const { linked } = written([
      ['movie', 'Twin.Lakes.2011', 30, 303],
      ['movie', 'Twin Lakes (2011)', 31, 304],
      ['movie', 'Twin.Lakes.2011.720p', null, null],
      ['movie', 'Solo.Road.2019', 40, null],
      ['movie', 'Solo Road 2019 ITA', null, null],
      ['movie', 'Solo Road 2018 ITA', null, null],
      ['series', 'Solo.Road.S01E01', null, null],
    ])
    expect(linked).toEqual([[5, 40, null]])
  })

  test('a name seen with an IMDb id and a TMDB id names one work only when they are a pair', () => {
    const paired = written([
      ['movie', 'Film.2001', 50, null],
      ['movie', 'Film.2001.ITA', null, 505],
      ['movie', 'Film 2001 other cut', 50, 505],
      ['movie', 'FILM_2001_MULTI', null, null],
    ])
    expect(paired.linked).toContainEqual([4, 50, 505])
    const unpaired = written([
      ['movie', 'Film.2001', 50, null],
      ['movie', 'Film.2001.ITA', null, 505],
      ['movie', 'FILM_2001_MULTI', null, null],
    ])
    expect(unpaired.linked).toEqual([])
  })

  test('keyNumber: stable, and different for close keys', () => {
    expect(keyNumber('s darkriver')).toBe(keyNumber('s darkriver'))
    const numbers = new Set(['s darkriver', 's darkrivers', 'm darkriver 2014', 'm darkriver 2015', 's darkrivre'].map(keyNumber))
    expect(numbers.size).toBe(5)
    for (const value of numbers) expect(Number.isSafeInteger(value)).toBe(true)
  })
})
