/** An on/off switch: a real checkbox (keyboard and screen readers) drawn as a toggle. */

export const Switch = (props: { id: string; label: string; checked: boolean; disabled?: boolean; onChange(checked: boolean): void }) => (
  <label class="switch" for={props.id}>
    <input
      id={props.id}
      type="checkbox"
      role="switch"
      checked={props.checked}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
    <span class="switch-track" aria-hidden="true">
      <span class="switch-thumb" />
    </span>
    <span>{props.label}</span>
  </label>
)
