/** Small data hooks shared by the pages: load once with reload, and a pausable interval. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

export interface Loaded<T> {
  data: T | null
  error: string | null
  loading: boolean
  reload(): Promise<T | null>
  setData(data: T): void
}

/** Runs `load` on mount and on reload(); keeps the last good data when a later load fails. */
export const useLoad = <T>(load: () => Promise<T>): Loaded<T> => {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const mounted = useRef(true)
  const reload = useCallback(async () => {
    setLoading(true)
    try {
      const value = await load()
      if (mounted.current) {
        setData(value)
        setError(null)
      }
      return value
    } catch (failure) {
      if (mounted.current) setError((failure as Error).message)
      return null
    } finally {
      if (mounted.current) setLoading(false)
    }
  }, [])
  useEffect(() => {
    mounted.current = true
    void reload()
    return () => {
      mounted.current = false
    }
  }, [])
  return { data, error, loading, reload, setData }
}

/** Calls `tick` every `ms` milliseconds; `null` pauses it. The latest `tick` is always used. */
export const useInterval = (tick: () => void, ms: number | null): void => {
  const latest = useRef(tick)
  latest.current = tick
  useEffect(() => {
    if (ms === null) return
    const id = setInterval(() => latest.current(), ms)
    return () => clearInterval(id)
  }, [ms])
}
