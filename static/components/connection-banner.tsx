/**
 * "Connection lost": shown on every page as soon as a request gets no answer (the service stopped,
 * the NAS rebooted), with Retry; it also retries on its own and disappears when the service is back.
 */
import { useEffect, useState } from 'preact/hooks'
import { api, connection } from '../api.ts'
import { useInterval } from '../hooks.ts'
import { usePreferences } from '../preferences.tsx'

const RETRY_MS = 5000
// Pages that do not poll (Settings, Search) still learn within seconds that the service went away.
const HEARTBEAT_MS = 10_000

/** The live connection state, for pages that must not show stale "Connected" badges. */
export const useOnline = (): boolean => {
  const [online, setOnline] = useState(connection.online)
  useEffect(() => connection.subscribe(setOnline), [])
  return online
}

export const ConnectionBanner = () => {
  const { t } = usePreferences()
  const online = useOnline()
  const [trying, setTrying] = useState(false)
  const retry = async () => {
    setTrying(true)
    await api.status().catch(() => null)
    setTrying(false)
  }
  useInterval(() => void retry(), online ? null : RETRY_MS)
  useInterval(() => void (document.visibilityState === 'visible' && api.status().catch(() => null)), online ? HEARTBEAT_MS : null)
  if (online) return null
  return (
    <div class="connection-banner" role="alert" data-testid="connection-lost">
      <span>{t('firstrun.connection.lost')}</span>
      <button
        type="button"
        class="button button-secondary button-small"
        disabled={trying}
        onClick={() => void retry()}
        data-testid="connection-retry"
      >
        {trying && <span class="spinner" aria-hidden="true" />}
        {t('common.retry')}
      </button>
    </div>
  )
}
