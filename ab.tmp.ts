import { createApp } from './handlers/app.ts'
import { createContext } from './runtime/context.ts'
import { openSnapshot } from './runtime/db/database.ts'
import { createRequestHistory } from './runtime/diagnostics/request-history.ts'
import { importFixture } from './test/helpers/fixture-snapshot.ts'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
const PATHS = [
  '/api?t=tvsearch&cat=5000,5030,5040&extended=1&apikey=bench0123456789&offset=0&limit=100',
  '/api?t=movie&cat=2000,2040&extended=1&apikey=bench0123456789&offset=0&limit=100',
  '/api?t=movie&imdbid=tt1375666&apikey=bench0123456789&extended=1',
  '/api?t=tvsearch&imdbid=tt0903747&season=2&ep=5&apikey=bench0123456789&extended=1',
  '/api?t=search&q=breaking+bad&apikey=bench0123456789&extended=1',
]
const fixture = await importFixture()
const ctx = createContext({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'ab-')), DB_UPDATE_START_DELAY: '3600', SEARCH_WORKERS: '0' }, logSink: () => {} })
ctx.database.swap(openSnapshot(fixture.directory, 'db-x'))
const fetch = createApp(ctx).fetch
const variants = {
  full: ctx.diagnostics.requests,
  nometrics: createRequestHistory({ redact: ctx.log.redact }),
  noredact: createRequestHistory({ redact: (x) => x }),
  off: { ...ctx.diagnostics.requests, observe: (_r: Request, answer: any) => answer({ feed: null, cacheHit: null, page: null }) },
}
const run = async (name: keyof typeof variants, n: number) => {
  ;(ctx.diagnostics as any).requests = variants[name]
  const s = process.cpuUsage()
  for (let i = 0; i < n; i++) {
    const r = await fetch(new Request(`http://127.0.0.1:8000${PATHS[i % PATHS.length]}`, { headers: { 'user-agent': 'Sonarr/4.0 (x)', host: '127.0.0.1:8000' } }))
    await r.arrayBuffer()
  }
  const used = process.cpuUsage(s)
  return (used.user + used.system) / n
}
const names = Object.keys(variants) as Array<keyof typeof variants>
for (const name of names) await run(name, 5000)
const t: Record<string, number[]> = {}
for (let round = 0; round < 10; round++) for (const name of round % 2 ? [...names].reverse() : names) (t[name] ??= []).push(await run(name, 10000))
for (const name of names) console.log(name.padEnd(10), t[name].map((x) => x.toFixed(1)).join(' '), 'median', [...t[name]].sort((a,b)=>a-b)[5].toFixed(1))
