/** Settings → Prowlarr: URL, write-only API key, indexer URL, and the Test / Install actions. */
import { useState } from 'preact/hooks'
import { api, ApiError, type PublicSettings, type UiConfig } from '../api.ts'
import { ErrorText } from '../components/error-text.tsx'
import { describedBy, Field } from '../components/field.tsx'
import { PasswordField } from '../components/password-field.tsx'
import { Section } from '../components/section.tsx'
import { StatusButton } from '../components/status-button.tsx'
import { useToast } from '../components/toasts.tsx'
import { isLoopbackUrl } from '../loopback.ts'
import { usePreferences } from '../preferences.tsx'
import type { FieldName, SettingsForm } from './_settings-form.ts'
import { withBase } from '../base-path.ts'

type Outcome = { tone: 'ok' | 'error'; text: string } | null

export const ManagerSection = (props: {
  form: SettingsForm
  settings: PublicSettings
  config: UiConfig
  errors: Partial<Record<FieldName, string>>
  update(patch: Partial<SettingsForm>): void
  save(apiKey?: string): Promise<boolean>
  clearKey(): Promise<void>
}) => {
  const { t } = usePreferences()
  const toast = useToast()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const { form, errors, config } = props
  const { locked } = config
  const suggestion = `${location.origin}${withBase('/api')}`
  const keyConfigured = props.settings.manager.api_key_configured
  const storedKey = config.persisted.manager.api_key_configured
  // A key saved for another manager address is kept but never sent here (issue 15).
  const keyHint = keyConfigured
    ? t('settings.apiKeyKeep')
    : storedKey && props.settings.manager.url !== ''
      ? t('hardening.keyForOtherAddress')
      : t('settings.apiKeyMissing')

  /**
   * A 502 says only "Manager request failed"; the summary the failed call left (GET /webapi/status,
   * no new call to Prowlarr, so no second timeout) names the specific reason when it can.
   */
  const explain = async (error: unknown): Promise<string> => {
    const detail = (error as Error).message
    if (!(error instanceof ApiError) || error.status !== 502) return detail
    const reason = await api.status().then(
      (status) => status.manager.error,
      () => null,
    )
    return reason ?? detail
  }
  const act = async (run: () => Promise<string>): Promise<boolean> => {
    setOutcome(null)
    if (!(await props.save())) return false
    try {
      const text = await run()
      setOutcome({ tone: 'ok', text })
      toast('success', text, 'manager')
      return true
    } catch (error) {
      const text = await explain(error)
      setOutcome({ tone: 'error', text })
      toast('error', text, 'manager')
      return false
    }
  }
  const test = () => act(async () => (await api.manager.test(), t('settings.testOk')))
  const install = () =>
    act(async () => {
      const result = await api.manager.install()
      return result.already_installed ? t('settings.installAlready') : t('settings.installCreated', { id: result.indexer_id ?? '—' })
    })

  return (
    <Section title={t('settings.manager')} description={t('settings.managerDescription')}>
      <Field id="manager-url" label={t('settings.url')} error={errors.url} locked={locked.url}>
        <input
          id="manager-url"
          type="url"
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          placeholder={t('settings.urlPlaceholder')}
          value={form.url}
          disabled={!!locked.url}
          aria-invalid={!!errors.url}
          aria-describedby={describedBy('manager-url', false, errors.url)}
          onInput={(event) => props.update({ url: event.currentTarget.value })}
        />
      </Field>
      <Field
        id="manager-api-key"
        label={t('settings.apiKey')}
        help={
          <>
            {keyHint} {t('settings.apiKeyHelp')}
          </>
        }
        error={errors.apiKey}
        locked={locked.api_key}
      >
        <div class="input-group">
          <PasswordField
            id="manager-api-key"
            value={form.apiKey}
            placeholder={keyConfigured ? t('settings.apiKeyConfigured') : ''}
            disabled={!!locked.api_key}
            describedBy={describedBy('manager-api-key', true, errors.apiKey)}
            onInput={(apiKey) => props.update({ apiKey })}
          />
          {storedKey && (
            <button type="button" class="button button-secondary" data-testid="clear-key" onClick={() => void props.clearKey()}>
              {t('settings.clearKey')}
            </button>
          )}
        </div>
      </Field>
      <Field
        id="indexer-url"
        label={t('settings.indexerUrl')}
        help={t('settings.indexerUrlHelp')}
        error={errors.indexerUrl}
        locked={locked.indexer_url}
      >
        <input
          id="indexer-url"
          type="url"
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          placeholder={suggestion}
          value={form.indexerUrl}
          disabled={!!locked.indexer_url}
          aria-invalid={!!errors.indexerUrl}
          aria-describedby={describedBy('indexer-url', true, errors.indexerUrl)}
          onInput={(event) => props.update({ indexerUrl: event.currentTarget.value })}
        />
        {isLoopbackUrl(form.indexerUrl || suggestion) && (
          <p class="callout callout-warning" role="note" data-testid="indexer-loopback">
            {t('firstrun.manual.indexerLoopback')}
          </p>
        )}
        {!locked.indexer_url && form.indexerUrl !== suggestion && (
          <button type="button" class="link-button" data-testid="use-suggestion" onClick={() => props.update({ indexerUrl: suggestion })}>
            {t('settings.useSuggestion', { url: suggestion })}
          </button>
        )}
      </Field>
      <div class="actions">
        <StatusButton label={t('settings.test')} run={test} testId="test-manager" />
        <StatusButton label={t('settings.install')} run={install} testId="install-indexer" />
      </div>
      <p class="muted small" data-testid="save-first">
        {t('firstrun.saveFirst')}
      </p>
      {outcome && (
        <p class={`callout callout-${outcome.tone}`} data-testid="manager-outcome" role="status">
          {outcome.tone === 'error' ? <ErrorText detail={outcome.text} /> : outcome.text}
        </p>
      )}
    </Section>
  )
}
