/**
 * The load loop shared by the Torznab and PostgreSQL benchmarks: N concurrent clients take the next
 * request from a shared list until a request count or a time budget runs out; latencies → percentiles.
 */

export interface LoadSummary {
  clients: number
  requests: number
  errors: number
  seconds: number
  requests_per_second: number
  ms: { p50: number; p90: number; p99: number; max: number; mean: number }
}

export interface LoadOptions {
  clients: number
  /** Stop after this many requests… */
  requests: number
  /** …or once this many seconds have passed (requests in flight still finish). */
  maxSeconds: number
}

const round = (value: number): number => Math.round(value * 100) / 100

/** Nearest-rank percentile of an ascending list. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

/** A pass's summary from its figures (milliseconds), rounded for the report. */
export const summaryOf = (clients: number, requests: number, errors: number, seconds: number, ms: LoadSummary['ms']): LoadSummary => ({
  clients,
  requests,
  errors,
  seconds: round(seconds),
  requests_per_second: round(requests / Math.max(seconds, 1e-9)),
  ms: { p50: round(ms.p50), p90: round(ms.p90), p99: round(ms.p99), max: round(ms.max), mean: round(ms.mean) },
})

export const summarize = (latencies: number[], errors: number, seconds: number, clients: number): LoadSummary => {
  const sorted = [...latencies].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)
  const ms = { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0, mean }
  return summaryOf(clients, sorted.length, errors, seconds, ms)
}

/**
 * Runs `call(i)` for i = 0, 1, 2… (the caller cycles through its query list) with `clients` workers.
 * A call that throws counts as an error; its time is still recorded, as a client would wait for it.
 */
export const runLoad = async (call: (index: number) => Promise<void>, options: LoadOptions): Promise<LoadSummary> => {
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  const deadline = started + options.maxSeconds * 1000
  const worker = async () => {
    while (next < options.requests && performance.now() < deadline) {
      const index = next++
      const before = performance.now()
      try {
        await call(index)
      } catch {
        errors++
      }
      latencies.push(performance.now() - before)
    }
  }
  await Promise.all(Array.from({ length: options.clients }, worker))
  return summarize(latencies, errors, (performance.now() - started) / 1000, options.clients)
}
