/**
 * Dashboard: the no-login notice, the snapshot (rows, size, install time, origin), the updater with
 * its live progress and true last/next check, installing a snapshot by hand, the manager, adding
 * the indexer by hand, and result processing.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api, ApiError, type ManagerStatus, type UpdaterView } from '../api.ts'
import { useOnline } from '../components/connection-banner.tsx'
import { ErrorText } from '../components/error-text.tsx'
import { LoadState } from '../components/load-state.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { Badge, Row, Rows, Section } from '../components/section.tsx'
import { StatusButton } from '../components/status-button.tsx'
import { useToast } from '../components/toasts.tsx'
import { useInterval, useLoad } from '../hooks.ts'
import { usePreferences } from '../preferences.tsx'
import { AddManually } from './_add-manually.tsx'
import { AuthNotice } from './_auth-notice.tsx'
import { InstallSection } from './_install-section.tsx'
import { SnapshotRows } from './_snapshot-rows.tsx'
import { UpdateHistory } from './_update-history.tsx'
import { isUpdateActive, UpdateProgress } from './_update-progress.tsx'
import { UpdateRows } from './_update-rows.tsx'

const STATUS_POLL_MS = 5_000
const PROGRESS_POLL_MS = 1_000

export const Dashboard = () => {
  const { t } = usePreferences()
  const toast = useToast()
  const online = useOnline()
  const status = useLoad(api.status)
  const snapshot = useLoad(api.snapshot)
  const [updater, setUpdater] = useState<UpdaterView | null>(null)
  const [switching, setSwitching] = useState(false)
  const [liveManager, setLiveManager] = useState<ManagerStatus | null>(null)
  const active = switching || (updater !== null && isUpdateActive(updater)) || status.data?.updater.updating === true

  const refresh = () => Promise.all([status.reload(), snapshot.reload()])
  /** One progress poll; answers the view once the job has ended (null while it runs). */
  const pollUpdater = async (): Promise<UpdaterView | null> => {
    try {
      const view = await api.updater.get()
      setSwitching(false)
      setUpdater(view)
      if (isUpdateActive(view)) return null
      void refresh()
      return view
    } catch (error) {
      // 503 while the database is being switched: the update is nearly done, keep polling.
      setSwitching(error instanceof ApiError && error.status === 503)
      return null
    }
  }
  // Back from a lost connection: everything on the page may be stale.
  const wasOnline = useRef(online)
  useEffect(() => {
    if (online && !wasOnline.current) void refresh()
    wasOnline.current = online
  }, [online])
  useInterval(() => void status.reload(), active ? null : STATUS_POLL_MS)
  useInterval(() => void pollUpdater(), active ? PROGRESS_POLL_MS : null)

  /** Resolves when the job ends: true only when it did not fail (the button then says OK). */
  const followJob = async (view: UpdaterView): Promise<boolean> => {
    setUpdater(view)
    for (;;) {
      const ended = await pollUpdater()
      if (ended) return ended.progress.phase !== 'failed'
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS))
    }
  }
  const checkNow = async () => {
    const view = await api.updater.check()
    toast('info', t('dashboard.checkStarted'), 'update')
    return followJob(view)
  }
  const checkManager = async () => {
    const live = await api.manager.status()
    setLiveManager(live)
    return live.connected === true
  }

  if (!status.data) return <LoadState error={status.error} />
  const { updater: info, manager, result_processing } = status.data
  const managerView = liveManager ?? manager

  return (
    <div class="page">
      <PageTitle title={t('dashboard.title')} description={t('dashboard.description')} />
      <AuthNotice />
      <Section title={t('dashboard.snapshot')} description={t('dashboard.snapshotDescription')}>
        <Rows>
          <SnapshotRows status={status.data} info={snapshot.data} online={online} />
        </Rows>
      </Section>

      <Section title={t('dashboard.updates')} description={t('dashboard.updatesDescription')}>
        <Rows>
          {/* While a job runs only the progress poll is live; the status poll rests until it ends. */}
          <UpdateRows info={active && updater ? updater : info} progress={updater?.progress ?? null} />
        </Rows>
        <UpdateProgress view={updater} switching={switching} />
        <div class="actions">
          <StatusButton label={t('dashboard.checkNow')} run={checkNow} variant="primary" disabled={active || !online} testId="check-now" />
        </div>
      </Section>
      {/* Keyed by the last check and the last job's end: a finished check, install or upload reloads the history. */}
      <UpdateHistory key={`${info.last_check ?? 'never'} ${updater?.progress.finished_at ?? ''}`} />

      <InstallSection busy={active || !online} started={(view) => void followJob(view)} />

      <Section title={t('dashboard.manager')} description={t('dashboard.managerDescription')}>
        <ManagerRows configured={manager.configured} view={managerView} online={online} />
        {manager.configured && (
          <div class="actions">
            <StatusButton label={t('dashboard.managerCheck')} run={checkManager} testId="check-manager" />
          </div>
        )}
      </Section>

      <AddManually />

      <Section title={t('dashboard.resultProcessing')}>
        <Rows>
          <Row label={t('rules.preset')}>
            {t(`rules.preset_${result_processing.preset}` as 'rules.preset_custom')}
            {result_processing.custom_rule_count > 0 && (
              <span class="muted"> · {t('dashboard.rules', { n: result_processing.custom_rule_count })}</span>
            )}
          </Row>
        </Rows>
      </Section>
      <p class="muted small">{t('dashboard.version', { version: status.data.application_version })}</p>
    </div>
  )
}

const ManagerRows = ({ configured, view, online }: { configured: boolean; view: Omit<ManagerStatus, 'configured'>; online: boolean }) => {
  const { t } = usePreferences()
  if (!configured)
    return (
      <p class="muted" data-testid="manager-unconfigured">
        {t('dashboard.managerNotConfigured')}
      </p>
    )
  const flag = (value: boolean | null, yes: string) =>
    !online ? (
      <Badge tone="neutral">{t('firstrun.connection.unknown')}</Badge>
    ) : value === null ? (
      <span class="muted">{t('dashboard.managerNotChecked')}</span>
    ) : (
      <Badge tone={value ? 'ok' : 'error'}>{value ? yes : t('common.no')}</Badge>
    )
  return (
    <Rows>
      <Row label={t('dashboard.managerConnection')} testId="manager-connected">
        {flag(view.connected, t('dashboard.connected'))}
      </Row>
      <Row label={t('dashboard.managerIndexer')} testId="manager-installed">
        {flag(view.indexer_installed, t('common.yes'))}
      </Row>
      {view.error && (
        <Row label={t('dashboard.managerError')} testId="manager-error">
          <span class="text-error">
            <ErrorText detail={view.error} />
          </span>
        </Row>
      )}
    </Rows>
  )
}
