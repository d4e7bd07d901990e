/** A labelled progress bar; with no known total it shows an indeterminate stripe. */

export const ProgressBar = (props: { label: string; done: number; total: number | null; text?: string }) => {
  const known = props.total !== null && props.total > 0
  const percent = known ? Math.min(100, Math.max(0, Math.round((props.done / (props.total as number)) * 100))) : undefined
  return (
    <div class="progress">
      <div
        class={`progress-track${known ? '' : ' indeterminate'}`}
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={props.text}
      >
        <div class="progress-fill" style={known ? { width: `${percent}%` } : undefined} />
      </div>
      <div class="progress-text">
        <span>{props.text}</span>
        {known && <span data-testid="progress-percent">{percent}%</span>}
      </div>
    </div>
  )
}
