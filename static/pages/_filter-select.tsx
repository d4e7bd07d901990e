/** A labelled select of a filter bar (Activity, Logs): options as [value, text] pairs. */
export const FilterSelect = (props: {
  label: string
  value: string
  options: ReadonlyArray<readonly [string, string]>
  change(value: string): void
}) => (
  <label>
    {props.label}
    <select value={props.value} onChange={(event) => props.change(event.currentTarget.value)}>
      {props.options.map(([value, text]) => (
        <option value={value}>{text}</option>
      ))}
    </select>
  </label>
)
