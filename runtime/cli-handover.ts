/**
 * `icvdb-indexer import` and `check` while a service runs on the same data directory: the command
 * hands the work to the service over its JSON API (the service owns the snapshot files) and follows
 * its progress, with the same bar and the same exit statuses as the one-shot commands.
 */
import { resolve } from 'node:path'
import type { DataPaths } from './data-dir.ts'
import { createProgressBar } from './progress-bar.ts'
import { readAddress } from './service-address.ts'
import { showCheck, type CliStreams } from './cli-commands.ts'
import type { UpdaterProgress, UpdaterStatus } from './updater/types.ts'

type View = UpdaterStatus & { progress: UpdaterProgress }

const POLL_MS = 250
// A service that answers nothing for this long is gone (killed, crashed); a restart forgets the update.
const SERVICE_GONE_MS = 15_000

const detailOf = async (response: Response) => {
  try {
    const body = (await response.json()) as { detail?: unknown }
    if (typeof body.detail === 'string') return body.detail
  } catch {}
  return `HTTP ${response.status}`
}

/** Why following ended without the update's own outcome: the sentence and what to do. */
const lost = (streams: CliStreams, bar: ReturnType<typeof createProgressBar>, what: string): number => {
  bar.finish()
  streams.err.write(`icvdb-indexer: ${what}; the snapshot it had keeps serving. Run the command again once the service is up.\n`)
  return 1
}

/**
 * Shows the service's progress until the update handed over (the one that started at `startedAt`)
 * ends; fails when the service stops answering or another update has taken its place.
 */
const follow = async (base: string, streams: CliStreams, startedAt: string | null): Promise<number> => {
  const bar = createProgressBar({ stream: streams.err })
  let silentSince: number | null = null
  for (;;) {
    await Bun.sleep(POLL_MS)
    const response = await fetch(`${base}/webapi/updater`).catch(() => null)
    if (!response) {
      silentSince ??= performance.now()
      if (performance.now() - silentSince < SERVICE_GONE_MS) continue
      return lost(streams, bar, `the service at ${base} stopped answering, so this update did not complete`)
    }
    silentSince = null
    // 503: the switch is in its maintenance window; the answer comes a moment later.
    if (response.status === 503) continue
    const view = (await response.json()) as View
    if (startedAt !== null && view.progress.started_at !== startedAt)
      return lost(streams, bar, 'the service restarted or began another update, so this one did not complete')
    showCheck(bar, view.progress)
    if (view.updating || !['done', 'failed'].includes(view.progress.phase)) continue
    bar.finish()
    const failed = view.progress.phase === 'failed'
    ;(failed ? streams.err : streams.out).write(`${view.progress.message ?? view.progress.phase}\n`)
    return failed ? 1 : 0
  }
}

export const handOver = async (
  paths: DataPaths,
  pid: number,
  command: 'import' | 'check',
  target: string | undefined,
  streams: CliStreams,
): Promise<number> => {
  const base = readAddress(paths)
  if (base === null) {
    streams.err.write(
      `icvdb-indexer: a service (pid ${pid}) is running on this data directory but its address is unknown; use the web UI (Dashboard → Install a snapshot)\n`,
    )
    return 1
  }
  const remote = /^https?:\/\//i.test(target ?? '')
  const body = command === 'check' ? undefined : JSON.stringify(remote ? { url: target } : { path: resolve(target ?? '') })
  const path = command === 'check' ? '/webapi/updater/check' : '/webapi/updater/install'
  streams.err.write(`handing over to the running service (pid ${pid}, ${base})\n`)
  let response: Response
  try {
    response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  } catch (error) {
    streams.err.write(`icvdb-indexer: cannot reach the running service at ${base} (${(error as Error).message})\n`)
    return 1
  }
  if (response.status !== 202) {
    streams.err.write(`${await detailOf(response)}\n`)
    return 1
  }
  const accepted = (await response.json().catch(() => null)) as View | null
  return follow(base, streams, accepted?.progress?.started_at ?? null)
}
