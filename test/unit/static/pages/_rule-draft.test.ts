/** The rule editor's drafts: round trips to wire rules, and the same messages as the server. */
import { describe, expect, test } from 'bun:test'
import { RulesSchema, validate, type CustomRule } from '../../../../runtime/settings/schema.ts'
import {
  changeField,
  draftFromRule,
  invalidPart,
  move,
  newDraft,
  ruleFromDraft,
  ruleIndexOf,
  ruleMessage,
  type RuleDraft,
} from '../../../../static/pages/_rule-draft.ts'

const draft = (patch: Partial<RuleDraft>): RuleDraft => ({ ...newDraft(), ...patch })

describe('drafts and wire rules', () => {
  test.each<CustomRule>([
    { enabled: true, field: 'title', operator: 'contains', value: 'ITA', action: 'score', score: 50 },
    { enabled: false, field: 'provider', operator: 'not_contains', value: 'spam', action: 'exclude' },
    { enabled: true, field: 'size', operator: 'gte', value: 4 * 1024 ** 3, action: 'score', score: -20 },
    { enabled: true, field: 'size', operator: 'lte', value: 123456789, action: 'exclude' },
    { enabled: true, field: 'seeders', operator: 'equals', value: 0, action: 'exclude' },
  ])('%o survives a round trip through the editor', (rule) => {
    expect(ruleFromDraft(draftFromRule(rule))).toEqual(rule)
  })

  test('a size is edited in the largest exact unit', () => {
    const edited = draftFromRule({ enabled: true, field: 'size', operator: 'gte', value: 700 * 1024 ** 2, action: 'exclude' })
    expect({ value: edited.value, unit: edited.unit }).toEqual({ value: '700', unit: 'MiB' })
  })

  test('an exclude rule carries no score, a score rule always does', () => {
    expect('score' in ruleFromDraft(draft({ action: 'exclude', score: '10', value: 'x' }))).toBe(false)
    expect(ruleFromDraft(draft({ action: 'score', score: '', value: 'x' })).score).toBeNaN()
  })

  test('changing the field keeps an operator that still applies and clears a value of the other kind', () => {
    const text = draft({ field: 'title', operator: 'equals', value: 'abc' })
    expect(changeField(text, 'seeders')).toMatchObject({ field: 'seeders', operator: 'equals', value: '' })
    expect(changeField(draft({ field: 'title', operator: 'contains', value: 'abc' }), 'size')).toMatchObject({
      operator: 'equals',
      value: '',
    })
    expect(changeField(text, 'provider')).toMatchObject({ field: 'provider', operator: 'equals', value: 'abc' })
    expect(changeField(draft({ field: 'size', operator: 'gte', value: '5' }), 'title')).toMatchObject({ operator: 'contains', value: '' })
  })
})

describe('ruleMessage gives the server’s own sentence for the rule at its index', () => {
  const cases: Array<[Partial<RuleDraft>, string | null]> = [
    [{ value: 'ITA' }, null],
    [{ value: '' }, 'requires a bounded text value'],
    [{ value: 'x'.repeat(513) }, 'requires a bounded text value'],
    [{ field: 'seeders', operator: 'gte', value: '' }, 'requires a finite numeric value'],
    [{ field: 'seeders', operator: 'gte', value: 'abc' }, 'requires a finite numeric value'],
    [{ value: 'x', score: '' }, 'score action requires a score'],
    [{ value: 'x', score: '1001' }, 'score is out of range'],
    [{ value: 'x', score: '-1000' }, null],
  ]
  for (const [patch, suffix] of cases) {
    test(`${JSON.stringify(patch).slice(0, 60)} → ${suffix ?? 'valid'}`, () => {
      const rules = [draft({ value: 'ok' }), draft({ value: 'ok' }), draft(patch)]
      const expected = suffix === null ? null : `rule 2 ${suffix}`
      expect(ruleMessage(rules[2], 2)).toBe(expected)
      // The server validates the whole list (NaN travels as null in JSON) and must agree.
      const server = validate(RulesSchema, JSON.parse(JSON.stringify(rules.map(ruleFromDraft))))
      expect(server.ok ? null : server.message).toBe(expected)
    })
  }
})

test('ruleIndexOf finds the rule a server message names', () => {
  expect(ruleIndexOf('rule 12 has an invalid operator')).toBe(12)
  expect(ruleIndexOf('custom_rules cannot exceed 100 entries')).toBeNull()
  expect(ruleIndexOf('result_processing.preset is invalid')).toBeNull()
})

test('move reorders within bounds and ignores moves past either end', () => {
  expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
  expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
  expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
  expect(move(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c'])
})

describe('invalidPart: the control each rule message is about (aria-invalid goes there)', () => {
  test.each([
    ['rule 0 score is out of range', 'score'],
    ['rule 0 score action requires a score', 'score'],
    ['rule 0 exclude action cannot define a score', 'score'],
    ['rule 2 requires a bounded text value', 'value'],
    ['rule 2 requires a finite numeric value', 'value'],
    ['rule 1 has an invalid operator', 'operator'],
    ['rule 1 has an invalid field', 'field'],
    ['rule 1 has an invalid action', 'action'],
    ['rule 1 has invalid fields', null],
  ])('%p → %p', (message, part) => expect(invalidPart(message)).toBe(part as never))

  test('every score message of a real draft names the score, not the value', () => {
    const message = ruleMessage(draft({ field: 'seeders', operator: 'gte', value: '5', action: 'score', score: '5000' }), 0)
    expect(message).toBe('rule 0 score is out of range')
    expect(invalidPart(message ?? '')).toBe('score')
  })
})
