/** A manual clock for schedule tests: time moves only when the test calls advance(). */
import type { Clock } from '../../runtime/clock.ts'

export interface FakeClock extends Clock {
  advance(ms: number): void
  /** Milliseconds from now until each pending timer, soonest first. */
  pending(): number[]
}

export const fakeClock = (start = Date.parse('2026-11-22T00:00:00.000Z')): FakeClock => {
  let now = start
  let nextId = 0
  const timers = new Map<number, { at: number; callback: () => void }>()
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.set(++nextId, { at: now + Math.max(0, ms), callback })
      return nextId
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance: (ms) => {
      const until = now + ms
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        now = Math.max(now, due[1].at)
        due[1].callback()
      }
      now = until
    },
    pending: () => [...timers.values()].map((timer) => timer.at - now).sort((a, b) => a - b),
  }
}
