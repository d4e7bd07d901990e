/** Dashboard → Snapshot: the installed tag and age, rows, size on disk, install time and origin. */
import type { AggregateStatus, SnapshotInfo } from '../api.ts'
import { Badge, Row } from '../components/section.tsx'
import { describeAge, formatBytes, formatCount, formatDateTime, relativeTime, snapshotAgeDays } from '../format.ts'
import type { MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'

export const SnapshotRows = (props: { status: AggregateStatus; info: SnapshotInfo | null; online: boolean }) => {
  const { t, language } = usePreferences()
  const { updater, database } = props.status
  const info = props.info?.tag === updater.installed_version ? props.info : null
  const now = Date.now()
  const age = snapshotAgeDays(updater.installed_version, now)
  return (
    <>
      <Row label={t('dashboard.installed')} testId="installed-version">
        {updater.installed_version ? (
          <>
            <code>{updater.installed_version}</code>
            {age !== null && <span class="muted"> · {describeAge(age, t)}</span>}
          </>
        ) : (
          <Badge tone="warning">{t('dashboard.noSnapshot')}</Badge>
        )}
      </Row>
      {info?.rows && (
        <Row label={t('firstrun.snapshot.rows')} testId="snapshot-rows">
          {t('firstrun.snapshot.rowsValue', {
            torrents: formatCount(info.rows.torrents, language),
            files: formatCount(info.rows.files, language),
            packs: formatCount(info.rows.pack_files, language),
          })}
        </Row>
      )}
      {info?.size_bytes != null && (
        <Row label={t('firstrun.snapshot.size')} testId="snapshot-size">
          {formatBytes(info.size_bytes, language)}
        </Row>
      )}
      {info?.installed_at && (
        <Row label={t('firstrun.snapshot.installedAt')} testId="snapshot-installed-at">
          {relativeTime(info.installed_at, now, t)} ({formatDateTime(info.installed_at, language)})
        </Row>
      )}
      {info?.origin && (
        <Row label={t('firstrun.snapshot.origin')} testId="snapshot-origin">
          {t(`firstrun.snapshot.origin_${info.origin.kind}` as MessageKey)} · <code>{info.origin.name}</code>
        </Row>
      )}
      <Row label={t('dashboard.latest')}>{updater.latest_version ? <code>{updater.latest_version}</code> : t('common.unknown')}</Row>
      <Row label={t('dashboard.database')} testId="database">
        {props.online ? (
          <Badge tone={database.connected ? 'ok' : 'error'}>
            {database.connected ? t('dashboard.connected') : t('dashboard.notConnected')}
          </Badge>
        ) : (
          <Badge tone="neutral">{t('firstrun.connection.unknown')}</Badge>
        )}
      </Row>
    </>
  )
}
