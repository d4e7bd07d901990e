/** Toasts: every mutation ends in one (success, error, warning, info), announced to screen readers. */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useContext, useMemo, useState } from 'preact/hooks'
import { usePreferences } from '../preferences.tsx'

export type ToastKind = 'success' | 'error' | 'warning' | 'info'
interface Toast {
  id: number
  kind: ToastKind
  message: string
}
type Notify = (kind: ToastKind, message: string) => void

const ToastContext = createContext<Notify>(() => {})
// Errors stay longer: they usually carry a sentence the user has to act on.
const DURATION: Record<ToastKind, number> = { success: 3500, info: 3500, warning: 6000, error: 8000 }
let nextId = 0

export const ToastProvider = ({ children }: { children: ComponentChildren }) => {
  const { t } = usePreferences()
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), [])
  const notify = useCallback<Notify>((kind, message) => {
    const id = ++nextId
    setToasts((list) => [...list.slice(-3), { id, kind, message }])
    setTimeout(() => dismiss(id), DURATION[kind])
  }, [])
  const value = useMemo(() => notify, [notify])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div class="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} class={`toast toast-${toast.kind}`} data-testid={`toast-${toast.kind}`}>
            <span>{toast.message}</span>
            <button type="button" class="toast-close" aria-label={t('common.dismiss')} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export const useToast = (): Notify => useContext(ToastContext)
