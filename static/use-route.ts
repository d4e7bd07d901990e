/** History-API routing: the current client route, and navigate() for in-app links. */
import { useEffect, useState } from 'preact/hooks'
import { withBase, routeOf } from './base-path.ts'

const listeners = new Set<() => void>()
/** Set by a page with unsaved edits: answers whether leaving it is fine (it may ask the user). */
let leaveGuard: (() => boolean) | null = null

export const setLeaveGuard = (guard: (() => boolean) | null): void => {
  leaveGuard = guard
}

export const navigate = (path: string): void => {
  if (withBase(path) === location.pathname + location.search) return
  if (leaveGuard && !leaveGuard()) return
  history.pushState(null, '', withBase(path))
  for (const listener of listeners) listener()
  window.scrollTo(0, 0)
}

export const useRoute = (): string => {
  const [path, setPath] = useState(routeOf(location.pathname))
  useEffect(() => {
    const update = () => setPath(routeOf(location.pathname))
    let shown = location.pathname
    const back = () => {
      // Back/Forward already moved the address: put it back when the page may not be left.
      if (location.pathname !== shown && leaveGuard && !leaveGuard()) return history.pushState(null, '', shown)
      update()
    }
    const track = () => void (shown = location.pathname)
    listeners.add(update)
    listeners.add(track)
    window.addEventListener('popstate', back)
    window.addEventListener('popstate', track)
    return () => {
      listeners.delete(update)
      listeners.delete(track)
      window.removeEventListener('popstate', back)
      window.removeEventListener('popstate', track)
    }
  }, [])
  return path
}
