/**
 * Dashboard → Updates: automatic on/off, the true last and next check (a running check is shown as
 * running, not as "Never"), and after a failure when the next try is and the ways that need no internet.
 */
import type { UpdaterProgress, UpdaterStatus } from '../api.ts'
import { ErrorText } from '../components/error-text.tsx'
import { Badge, Row } from '../components/section.tsx'
import { formatDateTime, relativeTime } from '../format.ts'
import { usePreferences } from '../preferences.tsx'

export const UpdateRows = ({ info, progress }: { info: UpdaterStatus; progress: UpdaterProgress | null }) => {
  const { t, language } = usePreferences()
  const now = Date.now()
  const when = (iso: string | null) => (iso ? `${relativeTime(iso, now, t)} (${formatDateTime(iso, language)})` : t('common.never'))
  const startedAt = info.updating ? (progress?.started_at ?? null) : null
  const last = info.updating
    ? t('firstrun.updates.running', { since: startedAt ? when(startedAt) : t('time.justNow') })
    : when(info.last_check)
  const next = !info.enabled ? t('firstrun.updates.off') : info.updating ? t('firstrun.updates.afterCurrent') : when(info.next_check)
  return (
    <>
      <Row label={t('dashboard.automatic')}>
        <Badge tone={info.enabled ? 'ok' : 'neutral'}>{info.enabled ? t('dashboard.on') : t('dashboard.off')}</Badge>
      </Row>
      <Row label={t('dashboard.lastCheck')} testId="last-check">
        {last}
      </Row>
      <Row label={t('dashboard.nextCheck')} testId="next-check">
        {next}
      </Row>
      {info.last_error && !info.updating && (
        <Row label={t('dashboard.lastError')} testId="last-error">
          <span class="text-error">
            <ErrorText detail={info.last_error} />
          </span>
          <p class="help" data-testid="retry-hint">
            {info.enabled && info.next_check
              ? t('firstrun.updates.retryAt', { when: when(info.next_check) })
              : t('firstrun.updates.noRetry')}{' '}
            <a href="#install-snapshot">{t('firstrun.updates.installByHand')}</a>
          </p>
        </Row>
      )}
    </>
  )
}
