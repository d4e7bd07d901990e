/**
 * Result processing: the preset picker and the custom rule editor. Rules are checked live with the
 * server's schema; on save the server's 422 sentence is shown next to the rule it names.
 */
import { LoadState } from '../components/load-state.tsx'
import { useState } from 'preact/hooks'
import { api, ApiError, type ResultProcessing as ResultProcessingValue, type UiConfig } from '../api.ts'
import { LockedHint } from '../components/field.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { Section } from '../components/section.tsx'
import { useToast } from '../components/toasts.tsx'
import { useLoad } from '../hooks.ts'
import { usePreferences } from '../preferences.tsx'
import { MAX_RULES, PRESETS, type Preset } from '../../runtime/settings/schema.ts'
import { draftFromRule, move, newDraft, ruleFromDraft, ruleIndexOf, ruleMessage, type RuleDraft } from './_rule-draft.ts'
import { RuleRow } from './_rule-row.tsx'

const loadAll = async () => {
  const [value, config] = await Promise.all([api.resultProcessing.get(), api.uiConfig()])
  return { value, config }
}

export const ResultProcessing = () => {
  const loaded = useLoad(loadAll)
  if (!loaded.data) return <LoadState error={loaded.error} />
  return <RulesEditor value={loaded.data.value} config={loaded.data.config} />
}

const RulesEditor = (props: { value: ResultProcessingValue; config: UiConfig }) => {
  const { t } = usePreferences()
  const toast = useToast()
  const lockedBy = props.config.locked.preset
  const [preset, setPreset] = useState<Preset>(props.value.preset)
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => props.value.custom_rules.map(draftFromRule))
  // Live messages appear once a rule was edited or a save was tried, not on a fresh empty rule.
  const [touched, setTouched] = useState<Set<number>>(new Set())
  const [showAll, setShowAll] = useState(false)
  const [serverError, setServerError] = useState<{ message: string; index: number | null } | null>(null)
  const [saving, setSaving] = useState(false)

  const edit = (next: RuleDraft[], touchedKey?: number) => {
    setDrafts(next)
    setServerError(null)
    if (touchedKey !== undefined) setTouched(new Set(touched).add(touchedKey))
  }
  const messageFor = (draft: RuleDraft, index: number): string | null => {
    if (serverError && serverError.index === index) return serverError.message
    return showAll || touched.has(draft.key) ? ruleMessage(draft, index) : null
  }

  const save = async (event: Event) => {
    event.preventDefault()
    if (saving) return
    setSaving(true)
    setShowAll(true)
    try {
      // An environment preset is not copied into settings.json (interface.md §2.6).
      const sentPreset = lockedBy ? props.config.persisted.result_processing.preset : preset
      const saved = await api.resultProcessing.put({ preset: sentPreset, custom_rules: drafts.map(ruleFromDraft) })
      setPreset(saved.preset)
      setDrafts(saved.custom_rules.map(draftFromRule))
      setTouched(new Set())
      setShowAll(false)
      setServerError(null)
      toast('success', t('rules.saved'), 'rules')
    } catch (error) {
      const message = (error as Error).message
      setServerError(error instanceof ApiError && error.status === 422 ? { message, index: ruleIndexOf(message) } : null)
      toast('error', message, 'rules')
    } finally {
      setSaving(false)
    }
  }

  return (
    <form class="page" onSubmit={save} noValidate>
      <PageTitle title={t('rules.title')} description={t('rules.description')} />
      <Section title={t('rules.preset')} description={t('rules.presetDescription')}>
        <fieldset class="presets" disabled={!!lockedBy}>
          <legend class="visually-hidden">{t('rules.preset')}</legend>
          {PRESETS.map((name) => (
            <label class={`preset${preset === name ? ' selected' : ''}`}>
              <input type="radio" name="preset" value={name} checked={preset === name} onChange={() => setPreset(name)} />
              <span>
                <strong>{t(`rules.preset_${name}`)}</strong>
                <span class="muted">{t(`rules.preset_${name}_help`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <LockedHint variable={lockedBy} />
      </Section>
      <Section title={t('rules.editor')} description={t('rules.editorDescription')}>
        {preset !== 'custom' && <p class="callout callout-info">{t('rules.inactive')}</p>}
        {serverError && serverError.index === null && (
          <p class="callout callout-error" role="alert" data-testid="rules-error">
            {serverError.message}
          </p>
        )}
        {drafts.length === 0 ? (
          <p class="muted">{t('rules.empty')}</p>
        ) : (
          <ol class="rules">
            {drafts.map((draft, index) => (
              <RuleRow
                key={draft.key}
                draft={draft}
                index={index}
                count={drafts.length}
                message={messageFor(draft, index)}
                change={(next) =>
                  edit(
                    drafts.map((item) => (item.key === draft.key ? next : item)),
                    draft.key,
                  )
                }
                moveBy={(offset) => edit(move(drafts, index, index + offset))}
                remove={() => {
                  // The focus goes to the delete button of the rule taking this place, else to "Add a rule".
                  const next = drafts[index + 1] ?? drafts[index - 1]
                  edit(drafts.filter((item) => item.key !== draft.key))
                  const target = next ? `[data-rule-key="${next.key}"] .rule-controls .danger` : '[data-testid="add-rule"]'
                  setTimeout(() => document.querySelector<HTMLElement>(target)?.focus(), 0)
                }}
              />
            ))}
          </ol>
        )}
        <div class="actions">
          <button
            type="button"
            class="button button-secondary"
            disabled={drafts.length >= MAX_RULES}
            data-testid="add-rule"
            onClick={() => edit([...drafts, newDraft()])}
          >
            {t('rules.add')}
          </button>
          {drafts.length >= MAX_RULES && <span class="muted">{t('rules.limit', { n: MAX_RULES })}</span>}
        </div>
      </Section>
      <div class="actions actions-end">
        {/* aria-disabled while saving keeps the focus on the button (save ignores a second press). */}
        <button type="submit" class="button button-primary" aria-disabled={saving} aria-busy={saving} data-testid="save-rules">
          {saving && <span class="spinner" aria-hidden="true" />}
          {saving ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  )
}
