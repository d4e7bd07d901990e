/**
 * Rule editor state: a draft keeps what the user typed (so "1." survives), converts to the wire rule,
 * and is checked with the server's own RuleSchema so both give the same sentence.
 */
import * as v from 'valibot'
import {
  NUMBER_OPERATORS,
  RuleSchema,
  TEXT_FIELDS,
  TEXT_OPERATORS,
  type CustomRule,
  type NumberField,
  type RuleAction,
  type TextField,
} from '../../runtime/settings/schema.ts'
import { joinAmount, SIZE_UNITS, splitAmount, type SizeUnit } from '../units.ts'

export type RuleField = TextField | NumberField
export type RuleOperator = (typeof TEXT_OPERATORS)[number] | (typeof NUMBER_OPERATORS)[number]

export interface RuleDraft {
  /** Stable identity for rendering while rules move up and down. */
  key: number
  enabled: boolean
  field: RuleField
  operator: RuleOperator
  value: string
  /** Only for `size`: the unit the value is typed in. */
  unit: SizeUnit
  action: RuleAction
  score: string
}

let nextKey = 0

export const isTextField = (field: RuleField): field is TextField => (TEXT_FIELDS as readonly string[]).includes(field)
export const operatorsFor = (field: RuleField): readonly RuleOperator[] => (isTextField(field) ? TEXT_OPERATORS : NUMBER_OPERATORS)

export const newDraft = (): RuleDraft => ({
  key: ++nextKey,
  enabled: true,
  field: 'title',
  operator: 'contains',
  value: '',
  unit: 'GiB',
  action: 'score',
  score: '10',
})

export const draftFromRule = (rule: CustomRule): RuleDraft => {
  const size = rule.field === 'size' ? splitAmount<SizeUnit>(rule.value as number, SIZE_UNITS) : null
  return {
    key: ++nextKey,
    enabled: rule.enabled,
    field: rule.field,
    operator: rule.operator,
    value: size ? String(size.amount) : String(rule.value),
    unit: size ? size.unit : 'GiB',
    action: rule.action,
    score: rule.score === undefined ? '' : String(rule.score),
  }
}

// An empty number box becomes NaN (sent as null), so the schema's own message explains it.
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

export const ruleFromDraft = (draft: RuleDraft): CustomRule => {
  const value = isTextField(draft.field)
    ? draft.value
    : draft.field === 'size'
      ? joinAmount(toNumber(draft.value), draft.unit, SIZE_UNITS)
      : toNumber(draft.value)
  const rule = { enabled: draft.enabled, field: draft.field, operator: draft.operator, value, action: draft.action }
  return (draft.action === 'score' ? { ...rule, score: toNumber(draft.score) } : rule) as CustomRule
}

/** A field change keeps the operator when it still applies, and clears a value of the other kind. */
export const changeField = (draft: RuleDraft, field: RuleField): RuleDraft => {
  const sameKind = isTextField(field) === isTextField(draft.field)
  const operator = operatorsFor(field).includes(draft.operator) ? draft.operator : operatorsFor(field)[0]
  return { ...draft, field, operator, value: sameKind ? draft.value : '' }
}

/** The message runtime/settings/schema.ts gives for this rule at this index, or null when valid. */
export const ruleMessage = (draft: RuleDraft, index: number): string | null => {
  const result = v.safeParse(RuleSchema, ruleFromDraft(draft), { abortEarly: true })
  return result.success ? null : result.issues[0].message.replace('{i}', String(index))
}

/** The control a rule message is about (product.md's rule messages), for aria-invalid. */
export type RulePart = 'field' | 'operator' | 'value' | 'action' | 'score'
export const invalidPart = (message: string): RulePart | null => {
  if (/score/.test(message)) return 'score'
  if (/value$/.test(message)) return 'value'
  const named = /has an invalid (field|operator|action)$/.exec(message)
  return named ? (named[1] as RulePart) : null
}

/** "rule 3 has an invalid operator" → 3; messages about the whole list → null. */
export const ruleIndexOf = (message: string): number | null => {
  const match = /^rule (\d+) /.exec(message)
  return match ? Number(match[1]) : null
}

export const move = <T>(list: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}
