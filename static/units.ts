/** An amount with a unit ↔ a plain number: the interval in minutes/hours/days, rule sizes in B…GiB. */

export interface UnitScale<U extends string> {
  unit: U
  factor: number
}

export const INTERVAL_UNITS = [
  { unit: 'days', factor: 86400 },
  { unit: 'hours', factor: 3600 },
  { unit: 'minutes', factor: 60 },
] as const satisfies readonly UnitScale<string>[]

export const SIZE_UNITS = [
  { unit: 'GiB', factor: 1024 ** 3 },
  { unit: 'MiB', factor: 1024 ** 2 },
  { unit: 'KiB', factor: 1024 },
  { unit: 'B', factor: 1 },
] as const satisfies readonly UnitScale<string>[]

export type IntervalUnit = (typeof INTERVAL_UNITS)[number]['unit']
export type SizeUnit = (typeof SIZE_UNITS)[number]['unit']

/** The largest unit that divides the value exactly; otherwise the smallest unit, with a fraction. */
export const splitAmount = <U extends string>(value: number, scales: readonly UnitScale<U>[]): { amount: number; unit: U } => {
  const exact = scales.find((scale) => value !== 0 && value % scale.factor === 0)
  const scale = exact ?? scales[scales.length - 1]
  return { amount: value / scale.factor, unit: scale.unit }
}

/**
 * amount × factor. Float noise (1.1 h = 3960.0000000000005 s) is rounded away, but a real fraction
 * of a second is kept so the server, not the UI, rejects it with its own message.
 */
export const joinAmount = <U extends string>(amount: number, unit: U, scales: readonly UnitScale<U>[]): number => {
  const factor = scales.find((scale) => scale.unit === unit)?.factor ?? 1
  const value = amount * factor
  const rounded = Math.round(value)
  return Math.abs(value - rounded) < 1e-6 ? rounded : value
}
