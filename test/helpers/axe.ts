/**
 * axe-core in the page under test: injected through the DevTools protocol (page.evaluate, which the
 * page's own CSP does not govern), run over the whole document, serious and critical findings returned.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeFinding {
  id: string
  impact: string
  help: string
  targets: string[]
}

/** The serious and critical violations on the page as it is now (WCAG 2.x A and AA rules). */
export const seriousViolations = async (page: Page): Promise<AxeFinding[]> => {
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: any[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    })
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node: any) => String(node.target)),
      }))
  })
}
