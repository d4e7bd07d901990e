/** Logs: the last log lines (redacted when written), newest first, with a level filter. */
import { useState } from 'preact/hooks'
import { PageTitle } from '../components/page-title.tsx'
import { Section } from '../components/section.tsx'
import { diagnosticsApi } from '../diagnostics-api.ts'
import { useInterval, useLoad } from '../hooks.ts'
import type { MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'
import { FilterSelect } from './_filter-select.tsx'

const LEVELS = ['debug', 'info', 'warn', 'error'] as const
const REFRESH_MS = 5000

export const Logs = () => {
  const { t } = usePreferences()
  const [level, setLevel] = useState<string>('info')
  const lines = useLoad(() => diagnosticsApi.logs(level))
  useInterval(() => void diagnosticsApi.logs(level).then(lines.setData, () => {}), REFRESH_MS)
  const choose = (next: string) => {
    setLevel(next)
    void diagnosticsApi.logs(next).then(lines.setData, () => {})
  }
  return (
    <div class="page">
      <PageTitle title={t('diagnostics.logs.title')} description={t('diagnostics.logs.description')} />
      <Section title={t('diagnostics.logs.lines')} description={t('diagnostics.logs.hint')}>
        <div class="filters">
          <FilterSelect
            label={t('diagnostics.logs.level')}
            value={level}
            options={LEVELS.map((name) => [name, t(`diagnostics.logs.${name}` as MessageKey)] as const)}
            change={choose}
          />
        </div>
        {lines.error && <p class="callout callout-error">{t('common.loadFailed', { detail: lines.error })}</p>}
        {lines.data && lines.data.lines.length === 0 && <p class="callout callout-info">{t('diagnostics.logs.none')}</p>}
        {lines.data && lines.data.lines.length > 0 && (
          <ol class="log-lines" data-testid="log-lines" tabIndex={0} aria-label={t('diagnostics.logs.lines')}>
            {lines.data.lines.map((entry) => (
              <li class={`log-${entry.level}`}>{entry.line}</li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  )
}
