/** Loopback addresses reach only the machine (or container) the client itself runs on. */

/** localhost, *.localhost, 127.0.0.0/8 and ::1. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
  hostname === '[::1]' ||
  hostname === '::1'

/** True when `url` parses and names a loopback host. */
export const isLoopbackUrl = (url: string): boolean => {
  try {
    return isLoopbackHost(new URL(url).hostname)
  } catch {
    return false
  }
}
