/**
 * A small terminal progress bar for the CLI: on a TTY one line redrawn with `\r`; on anything else
 * (a log file, a pipe) a plain line at each phase change and every ~10 %, so logs stay readable.
 */

export interface ProgressStream {
  write(text: string): unknown
  isTTY?: boolean
}

export interface ProgressBarOptions {
  stream: ProgressStream
  /** Characters of the bar itself. */
  width?: number
  now?: () => number
}

export interface ProgressBar {
  /** `done`/`total` drive the bar; `detail` (e.g. a row count) is shown beside it. */
  update(phase: string, done: number, total: number | null, unit: 'bytes' | 'rows', detail?: string): void
  /** Ends the current line (if any) and prints a closing message. */
  finish(message?: string): void
}

export const formatBytes = (bytes: number): string => {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`
}

export const formatCount = (count: number): string => count.toLocaleString('en-US')

const amount = (value: number, unit: 'bytes' | 'rows') => (unit === 'bytes' ? formatBytes(value) : `${formatCount(value)} rows`)

/** One rendered line, without the leading `\r`; exported for tests. */
export const renderLine = (
  phase: string,
  done: number,
  total: number | null,
  unit: 'bytes' | 'rows',
  width: number,
  detail?: string,
): string => {
  const parts = [phase.padEnd(11)]
  if (total !== null && total > 0) {
    const fraction = Math.min(1, Math.max(0, done / total))
    const filled = Math.round(fraction * width)
    parts.push(`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`, `${String(Math.floor(fraction * 100)).padStart(3)}%`)
    parts.push(`${amount(done, unit)} / ${amount(total, unit)}`)
  } else {
    parts.push(amount(done, unit))
  }
  if (detail) parts.push(detail)
  return parts.join('  ')
}

/** The terminal line a TTY bar is redrawing, if any: a log line must not be glued to it. */
let openLine: ProgressStream | null = null

/** Ends an open progress line with a newline (called by the log before it writes). */
export const endProgressLine = (): void => {
  if (openLine === null) return
  openLine.write('\n')
  openLine = null
}

// TTY redraws are throttled; the terminal cannot show more than a few frames per second anyway.
const REDRAW_MS = 100

export const createProgressBar = (options: ProgressBarOptions): ProgressBar => {
  const { stream } = options
  const width = options.width ?? 30
  const now = options.now ?? Date.now
  const tty = stream.isTTY === true
  let phase: string | null = null
  let lastDraw = 0
  let lastDecile = -1
  let lineOpen = false

  const endLine = () => {
    if (lineOpen && openLine === stream) stream.write('\n')
    if (openLine === stream) openLine = null
    lineOpen = false
  }

  return {
    update: (nextPhase, done, total, unit, detail) => {
      const changed = nextPhase !== phase
      if (changed) endLine()
      phase = nextPhase
      const line = renderLine(nextPhase, done, total, unit, width, detail)
      if (tty) {
        if (!changed && now() - lastDraw < REDRAW_MS && !(total !== null && done >= total)) return
        lastDraw = now()
        stream.write(`\r${line}\x1b[K`)
        lineOpen = true
        openLine = stream
        return
      }
      const decile = total !== null && total > 0 ? Math.floor((Math.min(done, total) / total) * 10) : 0
      if (!changed && decile <= lastDecile) return
      lastDecile = changed ? decile : Math.max(lastDecile, decile)
      stream.write(`${line}\n`)
    },
    finish: (message) => {
      endLine()
      phase = null
      lastDecile = -1
      if (message) stream.write(`${message}\n`)
    },
  }
}
