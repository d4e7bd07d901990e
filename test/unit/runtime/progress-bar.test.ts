import { describe, expect, test } from 'bun:test'
import { createProgressBar, endProgressLine, formatBytes, renderLine } from '../../../runtime/progress-bar.ts'

const sink = (isTTY: boolean) => {
  const writes: string[] = []
  return { stream: { isTTY, write: (text: string) => writes.push(text) }, writes }
}

describe('renderLine', () => {
  test('draws a bar, a percentage and both amounts when the total is known', () => {
    expect(renderLine('downloading', 512 * 1024, 1024 * 1024, 'bytes', 10)).toBe('downloading  [#####-----]   50%  512.0 KiB / 1.0 MiB')
  })

  test('shows only the amount when the total is unknown', () => {
    expect(renderLine('importing', 1_234_567, null, 'rows', 10, 'torrents')).toBe('importing    1,234,567 rows  torrents')
  })

  test('never draws beyond 100 %', () => {
    expect(renderLine('indexing', 12, 10, 'rows', 4)).toBe('indexing     [####]  100%  12 rows / 10 rows')
  })
})

describe('formatBytes', () => {
  test.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KiB'],
    [340 * 1024 * 1024, '340.0 MiB'],
    [5 * 1024 ** 3, '5.0 GiB'],
  ])('%p → %p', (bytes, text) => expect(formatBytes(bytes)).toBe(text))
})

describe('createProgressBar', () => {
  test('on a TTY it redraws one line with \\r and ends it before the closing message', () => {
    let clock = 0
    const { stream, writes } = sink(true)
    const bar = createProgressBar({ stream, width: 4, now: () => clock })
    bar.update('downloading', 0, 100, 'bytes')
    clock += 50
    bar.update('downloading', 10, 100, 'bytes') // throttled
    clock += 100
    bar.update('downloading', 100, 100, 'bytes')
    bar.finish('done')
    expect(writes).toEqual([
      '\rdownloading  [----]    0%  0 B / 100 B\x1b[K',
      '\rdownloading  [####]  100%  100 B / 100 B\x1b[K',
      '\n',
      'done\n',
    ])
  })

  test('a log line ends the open bar line first (endProgressLine), and the bar goes on below it', () => {
    const { stream, writes } = sink(true)
    let clock = 0
    const bar = createProgressBar({ stream, width: 2, now: () => (clock += 200) })
    bar.update('importing', 1, null, 'rows')
    endProgressLine()
    endProgressLine()
    bar.update('importing', 2, null, 'rows')
    bar.finish()
    expect(writes).toEqual(['\rimporting    1 rows\x1b[K', '\n', '\rimporting    2 rows\x1b[K', '\n'])
  })

  test('a new phase starts a new line', () => {
    const { stream, writes } = sink(true)
    const bar = createProgressBar({ stream, width: 2, now: () => 0 })
    bar.update('downloading', 1, 1, 'bytes')
    bar.update('importing', 5, null, 'rows')
    expect(writes).toEqual(['\rdownloading  [##]  100%  1 B / 1 B\x1b[K', '\n', '\rimporting    5 rows\x1b[K'])
  })

  test('elsewhere it prints a line per phase and per 10 %', () => {
    const { stream, writes } = sink(false)
    const bar = createProgressBar({ stream, width: 2 })
    for (let done = 0; done <= 100; done += 5) bar.update('downloading', done, 100, 'bytes')
    bar.update('importing', 3, null, 'rows')
    bar.update('importing', 9, null, 'rows')
    bar.finish()
    expect(writes.length).toBe(12)
    expect(writes.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true)
    expect(writes.at(-1)).toBe('importing    3 rows\n')
  })
})
