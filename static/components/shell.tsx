/** The frame around every page: header (brand, menu button, language, theme) and the side nav. */
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { LANGUAGES, type Language, type MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'
import { CLIENT_ROUTES } from '../routes.ts'
import { THEMES, type Theme } from '../theme.ts'
import { navigate } from '../use-route.ts'
import { ConnectionBanner } from './connection-banner.tsx'
import { LogoIcon, MenuIcon } from './icons.tsx'
import { withBase } from '../base-path.ts'

const THEME_LABEL: Record<Theme, MessageKey> = { system: 'app.themeSystem', light: 'app.themeLight', dark: 'app.themeDark' }
const LANGUAGE_LABEL: Record<Language, string> = { it: 'Italiano', en: 'English' }

export const Shell = ({ route, children }: { route: string; children: ComponentChildren }) => {
  const { t, language, setLanguage, theme, setTheme } = usePreferences()
  const [open, setOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  // The phone menu covers the page: Escape or a press outside closes it (the focus back on its button),
  // and so does the focus leaving it, so Tab never lands on a control hidden behind it.
  useEffect(() => {
    if (!open) return
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node) || !(nav.current?.contains(target) || menuButton.current?.contains(target))
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      menuButton.current?.focus()
    }
    const onPointer = (event: PointerEvent) => outside(event.target) && setOpen(false)
    const onFocus = (event: FocusEvent) => outside(event.target) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open])
  const go = (event: MouseEvent, path: string) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setOpen(false)
    navigate(path)
  }
  return (
    <div class="shell">
      <header class="topbar">
        <button
          type="button"
          class="icon-button menu-button"
          ref={menuButton}
          aria-label={t('app.menu')}
          aria-expanded={open}
          aria-controls="side-nav"
          onClick={() => setOpen(!open)}
        >
          <MenuIcon />
        </button>
        <a class="brand" href={withBase('/')} onClick={(event) => go(event, '/')}>
          <LogoIcon />
          <span>{t('app.name')}</span>
        </a>
        <div class="preferences">
          <select aria-label={t('app.language')} value={language} onChange={(event) => setLanguage(event.currentTarget.value as Language)}>
            {LANGUAGES.map((code) => (
              <option value={code}>{LANGUAGE_LABEL[code]}</option>
            ))}
          </select>
          <select aria-label={t('app.theme')} value={theme} onChange={(event) => setTheme(event.currentTarget.value as Theme)}>
            {THEMES.map((name) => (
              <option value={name}>{t(THEME_LABEL[name])}</option>
            ))}
          </select>
        </div>
      </header>
      <nav id="side-nav" ref={nav} class={`sidenav${open ? ' open' : ''}`} aria-label={t('app.menu')}>
        {CLIENT_ROUTES.map(([path, key]) => (
          <a
            href={withBase(path)}
            class={route === path ? 'active' : undefined}
            aria-current={route === path ? 'page' : undefined}
            onClick={(event) => go(event, path)}
          >
            {t(key)}
          </a>
        ))}
      </nav>
      <main class="content" id="main">
        <ConnectionBanner />
        {children}
      </main>
    </div>
  )
}
