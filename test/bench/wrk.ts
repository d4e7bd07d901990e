/**
 * The concurrent Torznab passes driven by wrk (Debian's `wrk`, written in C) instead of Bun's fetch.
 * On a 2-core machine the load generator shares the cores with the service: measured at 1M torrents,
 * the fetch client took ~0.4 ms of CPU a request (a third of what the service could have had) and
 * paused itself every ~0.5 s for 15–30 ms with all eight requests in flight, which showed up as the
 * service's p99. wrk costs ~0.08 ms a request and does not pause. The same request list is cycled
 * (one wrk thread, N connections), every answer must be HTTP 200 and an `<rss` document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { summaryOf, type LoadSummary } from './load.ts'

/** The wrk executable, or null (the passes then fall back to Bun's fetch client). */
export const wrkPath = (): string | null => Bun.which('wrk')

// Requests come from the list in turn; done() prints one JSON line the caller parses.
const SCRIPT = `
local paths, next_path, threads = {}, 0, {}
-- A global: done() reads it from each thread's state with thread:get.
bad = 0
function setup(thread) table.insert(threads, thread) end
function init(args) for line in io.lines(args[1]) do paths[#paths + 1] = line end end
function request()
  next_path = next_path % #paths + 1
  return wrk.format('GET', paths[next_path])
end
function response(status, headers, body)
  if status ~= 200 or not string.find(body, '<rss', 1, true) then bad = bad + 1 end
end
function done(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do wrong = wrong + thread:get('bad') end
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"errors":%d,"micros":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%f}\\n',
    summary.requests, wrong + e.connect + e.read + e.write + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
`

interface WrkFigures {
  requests: number
  errors: number
  micros: number
  p50: number
  p90: number
  p99: number
  max: number
  mean: number
}

/** `paths` (each a path and query) cycled by `clients` connections for `seconds`. */
export const runWrk = async (baseUrl: string, paths: string[], options: { clients: number; seconds: number }): Promise<LoadSummary> => {
  const wrk = wrkPath()
  if (!wrk) throw new Error('wrk is not installed (apt-get install wrk)')
  const directory = mkdtempSync(join(tmpdir(), 'icvdb-wrk-'))
  try {
    writeFileSync(join(directory, 'load.lua'), SCRIPT)
    writeFileSync(join(directory, 'paths.txt'), `${paths.join('\n')}\n`)
    const seconds = Math.max(1, Math.round(options.seconds))
    const command = [
      wrk,
      '-t1',
      `-c${options.clients}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      join(directory, 'load.lua'),
      baseUrl,
      '--',
      join(directory, 'paths.txt'),
    ]
    const child = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe' })
    const [output, errors, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
    const line = output.split('\n').find((text) => text.startsWith('WRK '))
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${(errors || output).slice(-500)}`)
    const figures = JSON.parse(line.slice(4)) as WrkFigures
    const ms = (micros: number) => micros / 1000
    return summaryOf(options.clients, figures.requests, figures.errors, figures.micros / 1e6, {
      p50: ms(figures.p50),
      p90: ms(figures.p90),
      p99: ms(figures.p99),
      max: ms(figures.max),
      mean: ms(figures.mean),
    })
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}
