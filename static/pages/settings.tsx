/**
 * Settings: automatic updates and the Prowlarr connection. Saving starts from the persisted values
 * for environment-locked fields (interface.md §2.6); Test and Install save first.
 */
import { LoadState } from '../components/load-state.tsx'
import { useState } from 'preact/hooks'
import { api, ApiError, type PublicSettings, type UiConfig } from '../api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { useToast } from '../components/toasts.tsx'
import { ErrorText } from '../components/error-text.tsx'
import { useLoad } from '../hooks.ts'
import { useUnsavedGuard } from '../unsaved-guard.ts'
import { usePreferences } from '../preferences.tsx'
import { INTERVAL_UNITS, splitAmount, type IntervalUnit } from '../units.ts'
import { ManagerSection } from './_manager-section.tsx'
import { UpdatesSection } from './_updates-section.tsx'
import { buildUpdate, fieldOf, type FieldName, type SettingsForm } from './_settings-form.ts'

const loadAll = async () => {
  const [settings, config] = await Promise.all([api.settings.get(), api.uiConfig()])
  return { settings, config }
}

const formFrom = (settings: PublicSettings): SettingsForm => {
  const { amount, unit } = splitAmount<IntervalUnit>(settings.database_update.interval_seconds, INTERVAL_UNITS)
  return {
    enabled: settings.database_update.enabled,
    intervalAmount: String(amount),
    intervalUnit: unit,
    url: settings.manager.url,
    apiKey: '',
    indexerUrl: settings.manager.indexer_url,
  }
}

export const Settings = () => {
  const loaded = useLoad(loadAll)
  if (!loaded.data) return <LoadState error={loaded.error} />
  return <SettingsEditor settings={loaded.data.settings} config={loaded.data.config} reload={loaded.reload} />
}

const SettingsEditor = (props: { settings: PublicSettings; config: UiConfig; reload(): Promise<unknown> }) => {
  const { t } = usePreferences()
  const toast = useToast()
  const [saved, setSaved] = useState<SettingsForm>(() => formFrom(props.settings))
  const [form, setForm] = useState<SettingsForm>(saved)
  const dirty = JSON.stringify(form) !== JSON.stringify(saved)
  useUnsavedGuard(dirty, t('firstrun.unsavedQuestion'))
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [saving, setSaving] = useState(false)
  const update = (patch: Partial<SettingsForm>) => {
    setForm({ ...form, ...patch })
    setErrors({})
  }

  /** PUT /webapi/settings; a 422 lands next to the field it names. Resolves false on failure. */
  const save = async (apiKey?: string): Promise<boolean> => {
    setSaving(true)
    try {
      const stored = formFrom(await api.settings.put(buildUpdate(form, props.config, apiKey)))
      setSaved(stored)
      setForm(stored)
      setErrors({})
      await props.reload()
      return true
    } catch (error) {
      const message = (error as Error).message
      if (error instanceof ApiError && error.status === 422) setErrors({ [fieldOf(message)]: message })
      toast('error', message, 'settings')
      return false
    } finally {
      setSaving(false)
    }
  }
  const onSubmit = async (event: Event) => {
    event.preventDefault()
    if (saving) return
    if (await save()) toast('success', t('common.saved'), 'settings')
  }
  const clearKey = async () => {
    if (await save('')) toast('success', t('settings.keyCleared'), 'settings')
  }

  return (
    <form class="page" onSubmit={onSubmit} noValidate>
      <PageTitle title={t('settings.title')} description={t('settings.description')} />
      {errors.general && (
        <p class="callout callout-error" role="alert">
          <ErrorText detail={errors.general} />
        </p>
      )}
      <UpdatesSection form={form} locked={props.config.locked} errors={errors} update={update} />
      <ManagerSection
        form={form}
        settings={props.settings}
        config={props.config}
        errors={errors}
        update={update}
        save={save}
        clearKey={clearKey}
      />
      <div class="actions actions-end">
        {dirty && (
          <span class="muted small" data-testid="unsaved">
            {t('firstrun.unsaved')}
          </span>
        )}
        {/* aria-disabled, not disabled, while saving: the focus stays on the button (onSubmit ignores a second press). */}
        <button type="submit" class="button button-primary" aria-disabled={saving} aria-busy={saving} data-testid="save-settings">
          {saving && <span class="spinner" aria-hidden="true" />}
          {saving ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  )
}
