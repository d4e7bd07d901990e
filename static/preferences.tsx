/** Language and theme for the whole UI, remembered in localStorage and applied to <html>. */
import { createContext, type ComponentChildren } from 'preact'
import { useContext, useEffect, useMemo, useState } from 'preact/hooks'
import { initialLanguage, storeLanguage, translator, type Language, type Translate } from './i18n.ts'
import { browserStorage } from './storage.ts'
import { applyTheme, initialTheme, storeTheme, type Theme } from './theme.ts'

export interface Preferences {
  language: Language
  setLanguage(language: Language): void
  theme: Theme
  setTheme(theme: Theme): void
  t: Translate
}

const PreferencesContext = createContext<Preferences | null>(null)

export const PreferencesProvider = ({ children }: { children: ComponentChildren }) => {
  const storage = browserStorage()
  const [language, setLanguageState] = useState<Language>(() => initialLanguage(storage, navigator.languages ?? [navigator.language]))
  const [theme, setThemeState] = useState<Theme>(() => initialTheme(storage))
  useEffect(() => {
    document.documentElement.lang = language
  }, [])

  // Applied at once, not in an effect, so the page never shows the old choice for a frame.
  const value = useMemo<Preferences>(
    () => ({
      language,
      theme,
      t: translator(language),
      setLanguage: (next) => {
        document.documentElement.lang = next
        storeLanguage(storage, next)
        setLanguageState(next)
      },
      setTheme: (next) => {
        applyTheme(document.documentElement, next)
        storeTheme(storage, next)
        setThemeState(next)
      },
    }),
    [language, theme],
  )
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>
}

export const usePreferences = (): Preferences => {
  const preferences = useContext(PreferencesContext)
  if (!preferences) throw new Error('usePreferences needs a PreferencesProvider')
  return preferences
}
