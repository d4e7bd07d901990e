/**
 * The heading of a page: its title and one sentence on what it is for. It also names the browser tab
 * after the page (WCAG 2.4.2) and, when the page was opened from the navigation, takes the focus, so
 * a screen reader announces the new page instead of staying silent on the link.
 */
import { useEffect, useRef } from 'preact/hooks'

const APPLICATION = 'ICVDB Indexer'

export const PageTitle = ({ title, description }: { title: string; description: string }) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} — ${APPLICATION}`
  }, [title])
  useEffect(() => {
    if (document.activeElement?.closest('nav')) heading.current?.focus()
  }, [])
  return (
    <header class="page-title">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p class="muted">{description}</p>
    </header>
  )
}
