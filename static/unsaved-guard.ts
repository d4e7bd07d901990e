/** Unsaved edits are never lost silently: leaving the page (in-app or closing the tab) asks first. */
import { useEffect, useRef } from 'preact/hooks'
import { setLeaveGuard } from './use-route.ts'

export const useUnsavedGuard = (dirty: boolean, question: string): void => {
  const state = useRef({ dirty, question })
  state.current = { dirty, question }
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!state.current.dirty) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', beforeUnload)
    setLeaveGuard(() => !state.current.dirty || window.confirm(state.current.question))
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      setLeaveGuard(null)
    }
  }, [])
}
