/** Section (title + one-line description) and label/value rows: the layout of every page. */
import type { ComponentChildren } from 'preact'

let nextId = 0

export const Section = (props: { title: string; description?: string; children: ComponentChildren; id?: string }) => {
  const headingId = props.id ?? `section-${++nextId}`
  return (
    <section class="section" aria-labelledby={headingId}>
      <header class="section-header">
        <h2 id={headingId}>{props.title}</h2>
        {props.description && <p class="muted">{props.description}</p>}
      </header>
      <div class="section-body">{props.children}</div>
    </section>
  )
}

export const Rows = ({ children }: { children: ComponentChildren }) => <dl class="rows">{children}</dl>

export const Row = (props: { label: string; children: ComponentChildren; testId?: string }) => (
  <div class="row" data-testid={props.testId}>
    <dt>{props.label}</dt>
    <dd>{props.children}</dd>
  </div>
)

export const Badge = (props: { tone: 'ok' | 'error' | 'warning' | 'neutral'; children: ComponentChildren }) => (
  <span class={`badge badge-${props.tone}`}>{props.children}</span>
)
