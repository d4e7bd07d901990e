/** History-API routing: the current client route, and navigate() for in-app links. */
import { useEffect, useState } from 'preact/hooks'

const listeners = new Set<() => void>()

export const navigate = (path: string): void => {
  if (path === location.pathname + location.search) return
  history.pushState(null, '', path)
  for (const listener of listeners) listener()
  window.scrollTo(0, 0)
}

export const useRoute = (): string => {
  const [path, setPath] = useState(location.pathname)
  useEffect(() => {
    const update = () => setPath(location.pathname)
    listeners.add(update)
    window.addEventListener('popstate', update)
    return () => {
      listeners.delete(update)
      window.removeEventListener('popstate', update)
    }
  }, [])
  return path
}
