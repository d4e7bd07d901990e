/**
 * Copy text to the clipboard. navigator.clipboard exists only in secure contexts, and a NAS is
 * usually opened over plain http on a LAN address, so a hidden textarea + execCommand is the fallback.
 */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {}
  // Selecting the textarea takes the focus: it goes back to the copy button afterwards.
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
    focused?.focus()
  }
}
