/** One custom rule in the editor: enabled, field, condition, value, action, points, and its controls. */
import { useEffect, useRef } from 'preact/hooks'
import { ErrorText } from '../components/error-text.tsx'
import { ACTIONS, NUMBER_FIELDS, TEXT_FIELDS, type RuleAction } from '../../runtime/settings/schema.ts'
import { DownIcon, TrashIcon, UpIcon } from '../components/icons.tsx'
import { usePreferences } from '../preferences.tsx'
import { SIZE_UNITS, type SizeUnit } from '../units.ts'
import {
  changeField,
  invalidPart,
  isTextField,
  operatorsFor,
  type RuleDraft,
  type RuleField,
  type RuleOperator,
  type RulePart,
} from './_rule-draft.ts'

const FIELDS: readonly RuleField[] = [...TEXT_FIELDS, ...NUMBER_FIELDS]

export const RuleRow = (props: {
  draft: RuleDraft
  index: number
  count: number
  message: string | null
  change(draft: RuleDraft): void
  moveBy(offset: number): void
  remove(): void
}) => {
  const { t } = usePreferences()
  const { draft, index } = props
  const n = index + 1
  const id = (name: string) => `rule-${draft.key}-${name}`
  // The control the message is about is marked invalid and described by the message (WCAG 3.3.1).
  const invalid = props.message === null ? null : invalidPart(props.message)
  const marked = (part: RulePart) =>
    invalid === part ? { 'aria-invalid': true as const, 'aria-describedby': id('error') } : { 'aria-invalid': false as const }
  const set = (patch: Partial<RuleDraft>) => props.change({ ...draft, ...patch })
  // A move can leave the pressed arrow disabled (first or last place): the focus then takes the other
  // arrow of the same rule instead of falling to the page's start (WCAG 2.4.3).
  const up = useRef<HTMLButtonElement>(null)
  const down = useRef<HTMLButtonElement>(null)
  const refocus = useRef<'up' | 'down' | null>(null)
  useEffect(() => {
    const wanted = refocus.current
    refocus.current = null
    if (wanted === null) return
    const [first, other] = wanted === 'up' ? [up.current, down.current] : [down.current, up.current]
    ;(first && !first.disabled ? first : other)?.focus()
  }, [index])
  const moveBy = (offset: -1 | 1) => {
    refocus.current = offset < 0 ? 'up' : 'down'
    props.moveBy(offset)
  }
  return (
    <li
      class={`rule${props.message ? ' has-error' : ''}${draft.enabled ? '' : ' disabled'}`}
      data-rule-key={draft.key}
      data-testid="rule"
      aria-label={t('rules.rule', { n })}
    >
      <div class="rule-grid">
        <label class="checkbox">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => set({ enabled: event.currentTarget.checked })} />
          <span>{t('rules.enabled')}</span>
        </label>
        <div class="rule-cell">
          <label for={id('field')}>{t('rules.field')}</label>
          <select
            id={id('field')}
            value={draft.field}
            {...marked('field')}
            onChange={(event) => props.change(changeField(draft, event.currentTarget.value as RuleField))}
          >
            {FIELDS.map((field) => (
              <option value={field}>{t(`rules.field_${field}`)}</option>
            ))}
          </select>
        </div>
        <div class="rule-cell">
          <label for={id('operator')}>{t('rules.operator')}</label>
          <select
            id={id('operator')}
            value={draft.operator}
            {...marked('operator')}
            onChange={(event) => set({ operator: event.currentTarget.value as RuleOperator })}
          >
            {operatorsFor(draft.field).map((operator) => (
              <option value={operator}>{t(`rules.operator_${operator}`)}</option>
            ))}
          </select>
        </div>
        <div class="rule-cell rule-value">
          <label for={id('value')}>{t('rules.value')}</label>
          <div class="input-group">
            <input
              id={id('value')}
              type={(isTextField(draft.field) ? 'text' : 'number') as 'number'}
              inputMode={isTextField(draft.field) ? undefined : 'decimal'}
              step="any"
              value={draft.value}
              {...marked('value')}
              onInput={(event) => set({ value: event.currentTarget.value })}
            />
            {draft.field === 'size' && (
              <select
                aria-label={t('rules.unit')}
                value={draft.unit}
                onChange={(event) => set({ unit: event.currentTarget.value as SizeUnit })}
              >
                {[...SIZE_UNITS].reverse().map(({ unit }) => (
                  <option value={unit}>{t(`units.${unit}`)}</option>
                ))}
              </select>
            )}
          </div>
        </div>
        <div class="rule-cell">
          <label for={id('action')}>{t('rules.action')}</label>
          <select
            id={id('action')}
            value={draft.action}
            {...marked('action')}
            onChange={(event) => {
              const action = event.currentTarget.value as RuleAction
              set({ action, score: action === 'score' && draft.score === '' ? '10' : draft.score })
            }}
          >
            {ACTIONS.map((action) => (
              <option value={action}>{t(`rules.action_${action}`)}</option>
            ))}
          </select>
        </div>
        {draft.action === 'score' && (
          <div class="rule-cell rule-score">
            <label for={id('score')}>{t('rules.score')}</label>
            <input
              id={id('score')}
              type="number"
              inputMode="decimal"
              step="any"
              value={draft.score}
              {...marked('score')}
              onInput={(event) => set({ score: event.currentTarget.value })}
            />
          </div>
        )}
        <div class="rule-controls">
          <button
            type="button"
            class="icon-button"
            aria-label={t('rules.moveUp', { n })}
            ref={up}
            disabled={index === 0}
            onClick={() => moveBy(-1)}
          >
            <UpIcon />
          </button>
          <button
            type="button"
            class="icon-button"
            aria-label={t('rules.moveDown', { n })}
            ref={down}
            disabled={index === props.count - 1}
            onClick={() => moveBy(1)}
          >
            <DownIcon />
          </button>
          <button type="button" class="icon-button danger" aria-label={t('rules.delete', { n })} onClick={props.remove}>
            <TrashIcon />
          </button>
        </div>
      </div>
      {props.message && (
        <p class="field-error" role="alert" id={id('error')} data-testid="rule-error">
          <ErrorText detail={props.message} />
        </p>
      )}
    </li>
  )
}
