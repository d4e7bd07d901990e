/**
 * The UI end-to-end harness: the compiled executable (built once per test run into a temp dir),
 * running copies of it on loopback, and headless Debian Chromium (each context a fresh profile).
 */
import { afterAll, beforeAll } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { bundleUi, compile, writeUiModule } from '../../build.ts'
import { freePort } from './service-process.ts'

const ROOT = join(import.meta.dir, '../..')
export const FIXTURE_DUMP = join(ROOT, 'test/fixtures/snapshots/icvdb-sample-1.14-gzip.dump')
export const SCREENSHOTS = join(ROOT, 'test-artifacts/screenshots')
const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const temporary: string[] = []
export const tempDir = (prefix: string): string => {
  const path = mkdtempSync(join(tmpdir(), prefix))
  temporary.push(path)
  return path
}

let binary: Promise<string> | undefined
/** Builds the UI and the executable from the current sources, once per test process. */
export const compiledBinary = (): Promise<string> => {
  binary ??= (async () => {
    writeUiModule(await bundleUi())
    const outfile = join(tempDir('icvdb-ui-bin-'), 'icvdb-indexer')
    await compile(outfile)
    return outfile
  })()
  return binary
}

/**
 * Removes every temp dir (the executable included) once a test file is done with them. Each UI test
 * file calls it in afterAll, after stopping its processes; the next file builds the binary anew.
 */
export const cleanUpHarness = (): void => {
  for (const path of temporary.splice(0)) rmSync(path, { recursive: true, force: true })
  binary = undefined
}

export interface RunningBinary {
  base: string
  dataDir: string
  output(): string
  stop(): Promise<void>
}

const drain = (stream: ReadableStream<Uint8Array>, into: string[]) =>
  void (async () => {
    for await (const chunk of stream) into.push(new TextDecoder().decode(chunk))
  })()

/** `icvdb-indexer serve` on a free loopback port, alone in an empty working directory. */
export const startBinary = async (options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningBinary> => {
  const executable = await compiledBinary()
  const dataDir = options.dataDir ?? tempDir('icvdb-ui-data-')
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const child = Bun.spawn([executable, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    cwd: tempDir('icvdb-ui-cwd-'),
    env: { PATH: '/usr/bin:/bin', DB_UPDATE_START_DELAY: '3600', ...options.env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const lines: string[] = []
  drain(child.stdout, lines)
  drain(child.stderr, lines)
  const running = { base, dataDir, output: () => lines.join(''), stop: async () => void (child.kill(), await child.exited) }
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the executable exited with ${child.exitCode}: ${running.output()}`)
    try {
      if ((await fetch(`${base}/webapi/status`)).ok) return running
    } catch {}
    await Bun.sleep(50)
  }
  await running.stop()
  throw new Error(`the executable did not start: ${running.output()}`)
}

/** Installs the sample snapshot into a data directory with the executable's own `import` command. */
export const importFixture = async (dataDir: string): Promise<void> => {
  const child = Bun.spawn([await compiledBinary(), 'import', FIXTURE_DUMP, '--data-dir', dataDir], {
    env: { PATH: '/usr/bin:/bin' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()])
  if (code !== 0) throw new Error(`import failed (${code}): ${stderr}`)
}

/** The executable serving a new data directory (named after `prefix`) with the sample snapshot installed. */
export const startWithFixture = async (prefix: string): Promise<RunningBinary> => {
  const dataDir = tempDir(prefix)
  await importFixture(dataDir)
  return startBinary({ dataDir })
}

export interface BrowserSession {
  context: BrowserContext
  page: Page
  /** Browser errors and CSP violations seen so far: a working page has none. */
  errors: string[]
  close(): Promise<void>
}

export interface SessionOptions {
  viewport?: { width: number; height: number }
  colorScheme?: 'light' | 'dark'
  locale?: string
}

/** Headless Chromium with a fresh --user-data-dir (a persistent context on a new temp profile). */
export const openBrowser = async (options: SessionOptions = {}): Promise<BrowserSession> => {
  const profile = tempDir('icvdb-ui-profile-')
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
  })
  const page = context.pages()[0] ?? (await context.newPage())
  // Fail a step well before the test's own timeout, which would also kill the browser process.
  page.setDefaultTimeout(10_000)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // A 4xx/5xx the test provoked is logged as "Failed to load resource"; that one is expected.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  return { context, page, errors, close: () => context.close() }
}

export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** One binary and one browser for a test file: started before its tests, stopped and cleaned up after. */
export const useBinaryAndBrowser = (): { app: () => RunningBinary; browser: () => BrowserSession } => {
  let app: RunningBinary | undefined
  let browser: BrowserSession | undefined
  beforeAll(async () => {
    app = await startBinary()
    browser = await openBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    cleanUpHarness()
  })
  return { app: () => app as RunningBinary, browser: () => browser as BrowserSession }
}
