/**
 * Toasts: every mutation ends in one, announced to screen readers. Success and info fade after a
 * few seconds; errors stay until dismissed. One toast per cause (a newer one replaces it, so a
 * success clears the error it answers), and all of them go when the page changes.
 */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { usePreferences } from '../preferences.tsx'
import { ErrorText } from './error-text.tsx'

type ToastKind = 'success' | 'error' | 'warning' | 'info'
interface Toast {
  id: number
  kind: ToastKind
  message: string
  cause: string
}
/** `cause` groups toasts about the same thing (default: the message itself). */
type Notify = (kind: ToastKind, message: string, cause?: string) => void

const ToastContext = createContext<Notify>(() => {})
/** Milliseconds before a toast fades; null = it stays until dismissed. */
const TOAST_MS: Record<ToastKind, number | null> = { success: 4000, info: 4000, warning: 8000, error: null }
const MAX_TOASTS = 3
let nextId = 0

export const ToastProvider = ({ route, children }: { route: string; children: ComponentChildren }) => {
  const { t } = usePreferences()
  const [toasts, setToasts] = useState<Toast[]>([])
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    setToasts((list) => list.filter((toast) => toast.id !== id))
  }, [])
  const notify = useCallback<Notify>((kind, message, cause = message) => {
    const id = ++nextId
    setToasts((list) => [...list.filter((toast) => toast.cause !== cause).slice(-(MAX_TOASTS - 1)), { id, kind, message, cause }])
    const ms = TOAST_MS[kind]
    if (ms !== null)
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), ms),
      )
  }, [])
  // A toast speaks about the page it came from; on another page it could contradict what is shown.
  useEffect(() => {
    for (const timer of timers.current.values()) clearTimeout(timer)
    timers.current.clear()
    setToasts([])
  }, [route])
  const value = useMemo(() => notify, [notify])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div class="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} class={`toast toast-${toast.kind}`} data-testid={`toast-${toast.kind}`}>
            {toast.kind === 'error' ? <ErrorText detail={toast.message} /> : <span>{toast.message}</span>}
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
