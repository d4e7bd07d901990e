/** The dashboard's update history: the last update attempts, kept across restarts. */
import { ErrorText } from '../components/error-text.tsx'
import { Badge, Section } from '../components/section.tsx'
import { diagnosticsApi, type UpdateAttempt } from '../diagnostics-api.ts'
import { formatBytes, formatCount, formatDateTime, formatDecimal } from '../format.ts'
import { useLoad } from '../hooks.ts'
import type { MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'

const SHOWN = 10
const TONES = { installed: 'ok', 'up-to-date': 'neutral', failed: 'error' } as const

export const UpdateHistory = () => {
  const { t } = usePreferences()
  const history = useLoad(() => diagnosticsApi.updateHistory())
  const attempts = history.data?.attempts ?? []
  return (
    <Section title={t('diagnostics.updates.title')} description={t('diagnostics.updates.description')}>
      {attempts.length === 0 ? (
        <p class="muted" data-testid="no-update-history">
          {t('diagnostics.updates.none')}
        </p>
      ) : (
        <ul class="update-history" data-testid="update-history">
          {attempts.slice(0, SHOWN).map((attempt) => (
            <AttemptRow attempt={attempt} />
          ))}
        </ul>
      )}
    </Section>
  )
}

const AttemptRow = ({ attempt }: { attempt: UpdateAttempt }) => {
  const { t, language } = usePreferences()
  const details = [
    attempt.tag,
    attempt.download_bytes !== null ? formatBytes(attempt.download_bytes, language) : null,
    attempt.rows !== null ? t('diagnostics.updates.rows', { n: formatCount(attempt.rows, language) }) : null,
    t('diagnostics.updates.seconds', { n: formatDecimal(attempt.duration_seconds, language) }),
  ].filter(Boolean)
  return (
    <li>
      <Badge tone={TONES[attempt.outcome]}>{t(`diagnostics.updates.${attempt.outcome}` as MessageKey)}</Badge>{' '}
      <span>{formatDateTime(attempt.started_at, language)}</span> <span class="muted">{details.join(' · ')}</span>
      {attempt.error && (
        <p class="update-error">
          <ErrorText detail={attempt.error} />
        </p>
      )}
    </li>
  )
}
