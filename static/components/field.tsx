/** A labelled form field with help text, an error line and the environment lock note. */
import type { ComponentChildren } from 'preact'
import { usePreferences } from '../preferences.tsx'
import { ErrorText } from './error-text.tsx'
import { LockIcon } from './icons.tsx'

export const LockedHint = ({ variable }: { variable: string | null | undefined }) => {
  const { t } = usePreferences()
  if (!variable) return null
  return (
    <p class="locked" data-testid={`locked-${variable}`}>
      <LockIcon /> {t('common.lockedBy', { name: variable })}
    </p>
  )
}

export const Field = (props: {
  id: string
  label: string
  help?: ComponentChildren
  error?: string | null
  locked?: string | null
  children: ComponentChildren
}) => (
  <div class={`field${props.error ? ' has-error' : ''}`}>
    <label for={props.id}>{props.label}</label>
    {props.children}
    {props.help && (
      <p class="help" id={`${props.id}-help`}>
        {props.help}
      </p>
    )}
    <LockedHint variable={props.locked} />
    {props.error && (
      <p class="field-error" id={`${props.id}-error`} role="alert">
        <ErrorText detail={props.error} />
      </p>
    )}
  </div>
)

/** aria-describedby for an input inside <Field>, pointing at whichever help/error lines exist. */
export const describedBy = (id: string, help: boolean, error: string | null | undefined): string | undefined =>
  [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
