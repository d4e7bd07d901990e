/** Settings → automatic updates: the on/off switch and the interval with its unit. */
import type { UiConfig } from '../api.ts'
import { describedBy, Field, LockedHint } from '../components/field.tsx'
import { Section } from '../components/section.tsx'
import { Switch } from '../components/switch.tsx'
import { usePreferences } from '../preferences.tsx'
import { INTERVAL_UNITS, type IntervalUnit } from '../units.ts'
import type { FieldName, SettingsForm } from './_settings-form.ts'

export const UpdatesSection = (props: {
  form: SettingsForm
  locked: UiConfig['locked']
  errors: Partial<Record<FieldName, string>>
  update(patch: Partial<SettingsForm>): void
}) => {
  const { t } = usePreferences()
  const { form, locked, errors } = props
  return (
    <Section title={t('settings.updates')} description={t('settings.updatesDescription')}>
      <div class="field">
        <Switch
          id="updates-enabled"
          label={t('settings.enabled')}
          checked={form.enabled}
          disabled={!!locked.enabled}
          onChange={(enabled) => props.update({ enabled })}
        />
        <LockedHint variable={locked.enabled} />
        {errors.enabled && <p class="field-error">{errors.enabled}</p>}
      </div>
      <Field
        id="interval-amount"
        label={t('settings.interval')}
        help={t('settings.intervalHelp')}
        error={errors.interval}
        locked={locked.interval_seconds}
      >
        <div class="input-group interval">
          <input
            id="interval-amount"
            type="number"
            inputMode="decimal"
            min="1"
            step="any"
            value={form.intervalAmount}
            disabled={!!locked.interval_seconds}
            aria-invalid={!!errors.interval}
            aria-describedby={describedBy('interval-amount', true, errors.interval)}
            onInput={(event) => props.update({ intervalAmount: event.currentTarget.value })}
          />
          <select
            aria-label={t('settings.intervalUnit')}
            value={form.intervalUnit}
            disabled={!!locked.interval_seconds}
            onChange={(event) => props.update({ intervalUnit: event.currentTarget.value as IntervalUnit })}
          >
            {[...INTERVAL_UNITS].reverse().map(({ unit }) => (
              <option value={unit}>{t(`units.${unit}`)}</option>
            ))}
          </select>
        </div>
      </Field>
    </Section>
  )
}
