/** A write-only secret input with an eye toggle; it never receives the saved value, only a placeholder. */
import { useState } from 'preact/hooks'
import { usePreferences } from '../preferences.tsx'
import { EyeIcon, EyeOffIcon } from './icons.tsx'

export const PasswordField = (props: {
  id: string
  value: string
  placeholder: string
  disabled?: boolean
  describedBy?: string
  onInput(value: string): void
}) => {
  const { t } = usePreferences()
  const [visible, setVisible] = useState(false)
  return (
    <div class="password">
      <input
        id={props.id}
        // Preact's types tie `type` to other attributes; both values are plain text inputs here.
        type={(visible ? 'text' : 'password') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        disabled={props.disabled}
        autocomplete="new-password"
        spellcheck={false}
        aria-describedby={props.describedBy}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      <button
        type="button"
        class="icon-button"
        aria-label={visible ? t('settings.hideKey') : t('settings.showKey')}
        aria-pressed={visible}
        aria-controls={props.id}
        disabled={props.disabled}
        onClick={() => setVisible(!visible)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  )
}
