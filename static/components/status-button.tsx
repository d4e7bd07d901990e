/**
 * A three-state action button (Test, Install, Check now): a spinner while running, then a green "OK!"
 * or red "Error" for about 2.5 s, then back to idle. While running it is aria-disabled, not disabled:
 * a disabled button drops the keyboard focus to the page's start (WCAG 2.4.3).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { usePreferences } from '../preferences.tsx'

type State = 'idle' | 'busy' | 'ok' | 'error'
const RESULT_MS = 2500

export const StatusButton = (props: {
  label: string
  /** Resolves true (or nothing) for success; false or a throw shows the error state. */
  run: () => Promise<boolean | void>
  variant?: 'primary' | 'secondary'
  disabled?: boolean
  testId?: string
}) => {
  const { t } = usePreferences()
  const [state, setState] = useState<State>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const onClick = async () => {
    if (state === 'busy') return
    setState('busy')
    let ok = false
    try {
      ok = (await props.run()) !== false
    } catch {
      ok = false
    }
    setState(ok ? 'ok' : 'error')
    timer.current = setTimeout(() => setState('idle'), RESULT_MS)
  }

  const label = state === 'ok' ? t('common.ok') : state === 'error' ? t('common.error') : props.label
  return (
    <button
      type="button"
      class={`button button-${props.variant ?? 'secondary'} state-${state}`}
      disabled={props.disabled}
      aria-disabled={state === 'busy'}
      aria-busy={state === 'busy'}
      data-state={state}
      data-testid={props.testId}
      onClick={onClick}
    >
      {state === 'busy' && <span class="spinner" aria-hidden="true" />}
      <span>{label}</span>
    </button>
  )
}
