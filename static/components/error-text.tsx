/** A server sentence shown the human way: the translated advice, the original one click away. */
import { humanError } from '../human-errors.ts'
import { usePreferences } from '../preferences.tsx'

export const ErrorText = ({ detail, testId }: { detail: string; testId?: string }) => {
  const { t } = usePreferences()
  const human = humanError(detail, t)
  return (
    <span class="error-text" data-testid={testId}>
      <span class="error-human">{human.text}</span>
      {human.original !== null && (
        <details class="error-original">
          <summary>{t('firstrun.originalMessage')}</summary>
          <code>{human.original}</code>
        </details>
      )}
    </span>
  )
}
