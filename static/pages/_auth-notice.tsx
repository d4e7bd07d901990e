/** The service has no login: say so once, visibly, with how to put it behind a proxy; dismissible. */
import { useState } from 'preact/hooks'
import { pagePort } from '../base-path.ts'
import { usePreferences } from '../preferences.tsx'
import { browserStorage, readPreference, writePreference } from '../storage.ts'

const STORAGE_KEY = 'icvdb.authNoticeDismissed'

export const AuthNotice = () => {
  const { t } = usePreferences()
  const [hidden, setHidden] = useState(() => readPreference(browserStorage(), STORAGE_KEY) === '1')
  if (hidden) return null
  const dismiss = () => {
    writePreference(browserStorage(), STORAGE_KEY, '1')
    setHidden(true)
    // The button goes with the notice: the focus moves to the page's heading, not to the page's start.
    document.querySelector<HTMLElement>('main h1')?.focus()
  }
  return (
    <aside class="callout callout-warning auth-notice" data-testid="auth-notice" aria-label={t('firstrun.auth.title')}>
      <div>
        <strong>{t('firstrun.auth.title')}</strong>
        <p>{t('firstrun.auth.body')}</p>
        <p class="small">{t('firstrun.auth.proxy', { port: pagePort() })}</p>
      </div>
      <button type="button" class="button button-secondary button-small" onClick={dismiss} data-testid="dismiss-auth-notice">
        {t('firstrun.auth.dismiss')}
      </button>
    </aside>
  )
}
