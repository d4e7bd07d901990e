/**
 * The request metrics as plain numbers, indexed by function, client and outcome: one request costs a
 * few array increments. prom-client's labelled inc()/observe() hash their label objects on each
 * call (~1 µs a request for four of them, measured); here the labels are only built at scrape time.
 */
import { CLIENTS } from './clients.ts'

// Label values are bounded (a LAN client may send any `t`): unknown functions share one series.
const FUNCTIONS = ['caps', 'search', 'tvsearch', 'movie', 'get', 'unknown'] as const
const CLIENT_NAMES = [...CLIENTS, 'other'] as const
const OUTCOMES = ['answered', 'empty', 'error'] as const
/** Upper bounds (seconds) of the latency histogram's buckets; +Inf is implied. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const

const indexOf = (names: readonly string[]) => new Map(names.map((name, i) => [name, i]))
const FUNCTION_INDEX = indexOf(FUNCTIONS)
const CLIENT_INDEX = indexOf(CLIENT_NAMES)
const UNKNOWN = FUNCTIONS.length - 1

export interface CountedRequest {
  t: string
  client: string
  outcome: (typeof OUTCOMES)[number]
  seconds: number
  cacheHit: boolean | null
}

export class RequestCounters {
  readonly requests = new Float64Array(FUNCTIONS.length * CLIENT_NAMES.length * OUTCOMES.length)
  /** Per function: one count per bucket (not cumulative), then +Inf. */
  readonly buckets = new Float64Array(FUNCTIONS.length * (BUCKETS.length + 1))
  readonly sums = new Float64Array(FUNCTIONS.length)
  readonly cache = new Float64Array(2)

  add(request: CountedRequest): void {
    const t = FUNCTION_INDEX.get(request.t) ?? UNKNOWN
    const client = CLIENT_INDEX.get(request.client) ?? CLIENT_NAMES.length - 1
    this.requests[(t * CLIENT_NAMES.length + client) * OUTCOMES.length + OUTCOMES.indexOf(request.outcome)]++
    let bucket = 0
    while (bucket < BUCKETS.length && request.seconds > BUCKETS[bucket]) bucket++
    this.buckets[t * (BUCKETS.length + 1) + bucket]++
    this.sums[t] += request.seconds
    if (request.cacheHit !== null) this.cache[request.cacheHit ? 0 : 1]++
  }

  /** Every non-zero request count with its labels. */
  *requestCounts(): Generator<[{ t: string; client: string; outcome: string }, number]> {
    for (let t = 0; t < FUNCTIONS.length; t++) {
      for (let client = 0; client < CLIENT_NAMES.length; client++) {
        for (let outcome = 0; outcome < OUTCOMES.length; outcome++) {
          const value = this.requests[(t * CLIENT_NAMES.length + client) * OUTCOMES.length + outcome]
          if (value > 0) yield [{ t: FUNCTIONS[t], client: CLIENT_NAMES[client], outcome: OUTCOMES[outcome] }, value]
        }
      }
    }
  }

  /** The histogram's samples in prom-client's value shape (cumulative buckets, sum, count), for functions seen. */
  histogramValues(name: string): Array<{ labels: Record<string, string | number>; value: number; metricName: string }> {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = []
    for (let t = 0; t < FUNCTIONS.length; t++) {
      let cumulative = 0
      const samples: typeof values = []
      BUCKETS.forEach((le, bucket) => {
        cumulative += this.buckets[t * (BUCKETS.length + 1) + bucket]
        samples.push({ labels: { t: FUNCTIONS[t], le }, value: cumulative, metricName: `${name}_bucket` })
      })
      cumulative += this.buckets[t * (BUCKETS.length + 1) + BUCKETS.length]
      if (cumulative === 0) continue
      samples.push({ labels: { t: FUNCTIONS[t], le: '+Inf' }, value: cumulative, metricName: `${name}_bucket` })
      samples.push({ labels: { t: FUNCTIONS[t] }, value: this.sums[t], metricName: `${name}_sum` })
      samples.push({ labels: { t: FUNCTIONS[t] }, value: cumulative, metricName: `${name}_count` })
      values.push(...samples)
    }
    return values
  }
}
