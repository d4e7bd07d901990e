/** Dashboard: snapshot and age, updater state with a live progress bar, database and manager status. */
import { useState } from 'preact/hooks'
import { api, ApiError, type ManagerStatus, type UpdaterView } from '../api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { Badge, Row, Rows, Section } from '../components/section.tsx'
import { StatusButton } from '../components/status-button.tsx'
import { useToast } from '../components/toasts.tsx'
import { describeAge, formatDateTime, relativeTime, snapshotAgeDays } from '../format.ts'
import { useInterval, useLoad } from '../hooks.ts'
import { usePreferences } from '../preferences.tsx'
import { UpdateHistory } from './_update-history.tsx'
import { isUpdateActive, UpdateProgress } from './_update-progress.tsx'

const STATUS_POLL_MS = 15_000
const PROGRESS_POLL_MS = 1_000

export const Dashboard = () => {
  const { t, language } = usePreferences()
  const toast = useToast()
  const status = useLoad(api.status)
  const [updater, setUpdater] = useState<UpdaterView | null>(null)
  const [switching, setSwitching] = useState(false)
  const [liveManager, setLiveManager] = useState<ManagerStatus | null>(null)
  const active = switching || (updater !== null && isUpdateActive(updater)) || status.data?.updater.updating === true

  const pollUpdater = async () => {
    try {
      const view = await api.updater.get()
      setSwitching(false)
      setUpdater(view)
      if (!isUpdateActive(view)) void status.reload()
    } catch (error) {
      // 503 while the database is being switched: the update is nearly done, keep polling.
      setSwitching(error instanceof ApiError && error.status === 503)
    }
  }
  useInterval(() => void status.reload(), active ? null : STATUS_POLL_MS)
  useInterval(() => void pollUpdater(), active ? PROGRESS_POLL_MS : null)

  const checkNow = async () => {
    const view = await api.updater.check()
    setUpdater(view)
    toast('info', t('dashboard.checkStarted'))
    void pollUpdater()
  }
  const checkManager = async () => {
    const live = await api.manager.status()
    setLiveManager(live)
    return live.connected === true
  }

  if (!status.data) {
    return <p class={status.error ? 'callout callout-error' : 'muted'}>{status.error ? t('common.loadFailed', { detail: status.error }) : t('common.loading')}</p>
  }
  const { database, updater: info, manager, result_processing } = status.data
  const now = Date.now()
  const age = snapshotAgeDays(info.installed_version, now)
  const when = (iso: string | null) =>
    iso ? `${relativeTime(iso, now, t)} (${formatDateTime(iso, language)})` : info.enabled ? t('common.never') : '—'
  const managerView = liveManager ?? manager

  return (
    <div class="page">
      <PageTitle title={t('dashboard.title')} description={t('dashboard.description')} />
      <Section title={t('dashboard.snapshot')} description={t('dashboard.snapshotDescription')}>
        <Rows>
          <Row label={t('dashboard.installed')} testId="installed-version">
            {info.installed_version ? (
              <>
                <code>{info.installed_version}</code>
                {age !== null && <span class="muted"> · {describeAge(age, t)}</span>}
              </>
            ) : (
              <Badge tone="warning">{t('dashboard.noSnapshot')}</Badge>
            )}
          </Row>
          <Row label={t('dashboard.latest')}>{info.latest_version ? <code>{info.latest_version}</code> : t('common.unknown')}</Row>
          <Row label={t('dashboard.database')} testId="database">
            <Badge tone={database.connected ? 'ok' : 'error'}>{database.connected ? t('dashboard.connected') : t('dashboard.notConnected')}</Badge>
          </Row>
        </Rows>
      </Section>

      <Section title={t('dashboard.updates')} description={t('dashboard.updatesDescription')}>
        <Rows>
          <Row label={t('dashboard.automatic')}>
            <Badge tone={info.enabled ? 'ok' : 'neutral'}>{info.enabled ? t('dashboard.on') : t('dashboard.off')}</Badge>
          </Row>
          <Row label={t('dashboard.lastCheck')}>{when(info.last_check)}</Row>
          <Row label={t('dashboard.nextCheck')}>{info.enabled ? when(info.next_check) : '—'}</Row>
          {info.last_error && (
            <Row label={t('dashboard.lastError')} testId="last-error">
              <span class="text-error">{info.last_error}</span>
            </Row>
          )}
        </Rows>
        <UpdateProgress view={updater} switching={switching} />
        <div class="actions">
          <StatusButton label={t('dashboard.checkNow')} run={checkNow} variant="primary" disabled={active} testId="check-now" />
        </div>
      </Section>
      {/* Keyed by the last check: a finished check reloads the history. */}
      <UpdateHistory key={info.last_check ?? 'never'} />

      <Section title={t('dashboard.manager')} description={t('dashboard.managerDescription')}>
        <ManagerRows configured={manager.configured} view={managerView} />
        {manager.configured && (
          <div class="actions">
            <StatusButton label={t('dashboard.managerCheck')} run={checkManager} testId="check-manager" />
          </div>
        )}
      </Section>

      <Section title={t('dashboard.resultProcessing')}>
        <Rows>
          <Row label={t('rules.preset')}>
            {t(`rules.preset_${result_processing.preset}` as 'rules.preset_custom')}
            {result_processing.custom_rule_count > 0 && <span class="muted"> · {t('dashboard.rules', { n: result_processing.custom_rule_count })}</span>}
          </Row>
        </Rows>
      </Section>
      <p class="muted small">{t('dashboard.version', { version: status.data.application_version })}</p>
    </div>
  )
}

const ManagerRows = ({ configured, view }: { configured: boolean; view: Omit<ManagerStatus, 'configured'> }) => {
  const { t } = usePreferences()
  if (!configured) return <p class="muted" data-testid="manager-unconfigured">{t('dashboard.managerNotConfigured')}</p>
  const flag = (value: boolean | null, yes: string) =>
    value === null ? <span class="muted">{t('dashboard.managerNotChecked')}</span> : <Badge tone={value ? 'ok' : 'error'}>{value ? yes : t('common.no')}</Badge>
  return (
    <Rows>
      <Row label={t('dashboard.managerConnection')} testId="manager-connected">
        {flag(view.connected, t('dashboard.connected'))}
      </Row>
      <Row label={t('dashboard.managerIndexer')} testId="manager-installed">
        {flag(view.indexer_installed, t('common.yes'))}
      </Row>
      {view.error && (
        <Row label={t('dashboard.managerError')}>
          <span class="text-error">{view.error}</span>
        </Row>
      )}
    </Rows>
  )
}
