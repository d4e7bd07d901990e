/** What a page shows before its data is there: "Loading…", or why it could not load (in words, with Retry via the banner). */
import { usePreferences } from '../preferences.tsx'
import { ErrorText } from './error-text.tsx'

export const LoadState = ({ error }: { error: string | null }) => {
  const { t } = usePreferences()
  if (!error) return <p class="muted">{t('common.loading')}</p>
  return (
    <p class="callout callout-error" role="alert">
      <ErrorText detail={error} />
    </p>
  )
}
