/** The heading of a page: its title and one sentence on what it is for. */

export const PageTitle = ({ title, description }: { title: string; description: string }) => (
  <header class="page-title">
    <h1>{title}</h1>
    <p class="muted">{description}</p>
  </header>
)
