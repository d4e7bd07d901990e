/**
 * The one-shot CLI commands: `import <file|url>` installs a dump by hand with a progress bar,
 * `check` runs one update check and prints the outcome. Exit status 0 on success, 1 on failure.
 */
import { basename, resolve } from 'node:path'
import type { AppContext } from './context.ts'
import { describeError } from './errors.ts'
import { importSnapshot } from './importer/import.ts'
import { createProgressBar, formatBytes, formatCount, type ProgressBar, type ProgressStream } from './progress-bar.ts'
import { installDump } from './updater/install.ts'
import { dumpFileProblem, fetchDumpUrl } from './updater/manual-install.ts'
import { tagForDumpName } from './updater/release.ts'
import { UpdateFailure, type ImportProgress, type UpdaterProgress } from './updater/types.ts'

export interface CliStreams {
  out: ProgressStream
  err: ProgressStream
}

const defaultStreams = (): CliStreams => ({ out: process.stdout, err: process.stderr })

const isUrl = (target: string) => /^https?:\/\//i.test(target)

const showImport = (bar: ProgressBar, report: ImportProgress) => {
  const rows = `${formatCount(report.rows_done)} rows`
  if (report.bytes_total !== null && report.phase === 'importing')
    bar.update(report.phase, report.bytes_done, report.bytes_total, 'bytes', rows)
  else bar.update(report.phase, report.rows_done, report.rows_total, 'rows')
}

const fetchDump = async (ctx: AppContext, url: string, bar: ProgressBar) => {
  const deps = { ...installDeps(ctx), userAgent: `icvdb-indexer/${ctx.version}` }
  const dump = await fetchDumpUrl(deps, url, undefined, (done, total) => bar.update('downloading', done, total, 'bytes'))
  bar.finish(`downloaded ${dump.name}: ${formatBytes(dump.bytes)}, sha256 ${dump.sha256}`)
  return dump
}

const localDump = (target: string) => {
  const path = resolve(target)
  const name = basename(path)
  const problem = dumpFileProblem(path)
  if (problem) throw new UpdateFailure(`Import of ${name} failed: ${problem} (${path})`)
  return { path, name, tag: tagForDumpName(name) }
}

const installDeps = (ctx: AppContext) => ({
  paths: ctx.paths,
  database: ctx.database,
  maintenance: ctx.maintenance,
  log: ctx.log,
  importSnapshot,
  now: ctx.clock.now,
})

const runImport = async (ctx: AppContext, target: string, streams: CliStreams): Promise<number> => {
  const bar = createProgressBar({ stream: streams.err })
  const remote = isUrl(target)
  const dump = remote ? await fetchDump(ctx, target, bar) : localDump(target)
  const result = await installDump(installDeps(ctx), {
    dumpPath: dump.path,
    tag: dump.tag,
    name: dump.name,
    origin: { kind: remote ? 'url' : 'file', name: dump.name },
    removeDump: remote,
    onProgress: (report) => showImport(bar, report),
    onSwitch: () => bar.finish(),
  })
  const { torrents, files, pack_files } = result.counts
  streams.out.write(
    `Installed ${result.tag}: ${formatCount(torrents)} torrents, ${formatCount(files)} files, ${formatCount(pack_files)} pack files ` +
      `(import ${result.importSeconds.toFixed(1)} s, switch ${result.windowMs.toFixed(1)} ms)\n`,
  )
  return 0
}

export const showCheck = (bar: ProgressBar, progress: UpdaterProgress) => {
  if (progress.phase === 'downloading') bar.update('downloading', progress.bytes_done, progress.bytes_total, 'bytes')
  else if (progress.phase === 'importing' || progress.phase === 'indexing' || progress.phase === 'validating') {
    showImport(bar, { ...progress, phase: progress.phase })
  }
}

const runCheck = async (ctx: AppContext, streams: CliStreams): Promise<number> => {
  const bar = createProgressBar({ stream: streams.err })
  const poll = setInterval(() => showCheck(bar, ctx.updater.progress()), 200)
  try {
    const outcome = await ctx.updater.check()
    bar.finish()
    ;(outcome.result === 'failed' ? streams.err : streams.out).write(`${outcome.message}\n`)
    return outcome.result === 'failed' ? 1 : 0
  } finally {
    clearInterval(poll)
  }
}

export const runCliCommand = async (
  ctx: AppContext,
  command: 'import' | 'check',
  target?: string,
  streams: CliStreams = defaultStreams(),
): Promise<number> => {
  try {
    return command === 'import' ? await runImport(ctx, target ?? '', streams) : await runCheck(ctx, streams)
  } catch (error) {
    const sentence = error instanceof UpdateFailure ? error.message : `${command} failed: ${describeError(error)}`
    streams.err.write(`${ctx.log.redact(sentence)}\n`)
    return 1
  }
}
