/** The web UI's entry point: preferences, toasts, the shell and the page for the current route. */
import { render, type FunctionComponent } from 'preact'
import { Shell } from './components/shell.tsx'
import { ToastProvider } from './components/toasts.tsx'
import { Activity } from './pages/activity.tsx'
import { Dashboard } from './pages/dashboard.tsx'
import { Logs } from './pages/logs.tsx'
import { ResultProcessing } from './pages/result-processing.tsx'
import { Search } from './pages/search.tsx'
import { Settings } from './pages/settings.tsx'
import { PreferencesProvider, usePreferences } from './preferences.tsx'
import { isClientRoute, type ClientRoute } from './routes.ts'
import { browserStorage } from './storage.ts'
import { applyTheme, initialTheme } from './theme.ts'
import { navigate, useRoute } from './use-route.ts'
import { withBase } from './base-path.ts'

const NotFound = () => {
  const { t } = usePreferences()
  return (
    <div class="page">
      <p class="callout callout-info">{t('app.notFound')}</p>
      <a
        href={withBase('/')}
        onClick={(event) => {
          event.preventDefault()
          navigate('/')
        }}
      >
        {t('app.backHome')}
      </a>
    </div>
  )
}

// Typed by the route list, so a page missing here is a compile error.
const PAGES: Record<ClientRoute, FunctionComponent> = {
  '/': Dashboard,
  '/settings': Settings,
  '/result-processing': ResultProcessing,
  '/search': Search,
  '/activity': Activity,
  '/logs': Logs,
}

const Page = ({ route }: { route: string }) => {
  const Shown = isClientRoute(route) ? PAGES[route] : NotFound
  return <Shown />
}

const App = () => {
  const route = useRoute()
  return (
    <PreferencesProvider>
      <ToastProvider route={route}>
        <Shell route={route}>
          <Page key={route} route={route} />
        </Shell>
      </ToastProvider>
    </PreferencesProvider>
  )
}

// Pin a stored theme before the first paint, so a dark choice never flashes light.
applyTheme(document.documentElement, initialTheme(browserStorage()))
render(<App />, document.getElementById('app') as HTMLElement)
