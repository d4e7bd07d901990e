/**
 * A throwaway PostgreSQL 15 cluster for the generator and the PostgreSQL side of the benchmarks:
 * initdb + pg_ctl under a work directory, listening on 127.0.0.1 on a free port, stopped by us.
 * initdb refuses root, so as root the server runs as the system user `pgbench` (created if missing).
 */
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const PG_BIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin'
const RUN_AS = 'pgbench'

/** Client environment: UTC timestamps, UTF-8, no NOTICE chatter. */
export const PG_CLIENT_ENV = { ...process.env, PGTZ: 'UTC', PGCLIENTENCODING: 'UTF8', PGOPTIONS: '-c client_min_messages=warning' }

/** Bulk-load settings shared by generation and pg_restore (durability is off on both sides). */
export const BULK_SETTINGS: Record<string, string> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
  shared_buffers: '256MB',
  maintenance_work_mem: '512MB',
  work_mem: '16MB',
  timezone: 'UTC',
}

export interface PgCluster {
  port: number
  directory: string
  /** libpq URI of a database on this cluster (user postgres, trust auth on loopback). */
  uri(database?: string): string
  /** Runs psql with -c or -f arguments; throws with psql's stderr on failure; returns stdout. */
  psql(database: string, args: string[]): Promise<string>
  stop(): Promise<void>
}

export const runCommand = async (command: string[], env: Record<string, string | undefined> = PG_CLIENT_ENV): Promise<string> => {
  const child = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe', env })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  if (code !== 0) throw new Error(`${command[0].split('/').pop()} exited with ${code}: ${stderr.trim().slice(0, 2000)}`)
  return stdout
}

const isRoot = (): boolean => process.getuid?.() === 0

const userExists = (): boolean => Bun.spawnSync(['id', '-u', RUN_AS], { stdout: 'ignore', stderr: 'ignore' }).exitCode === 0

/** As root: make sure the unprivileged owner exists (a concurrent creator may win the race). */
const ensureOwner = (): void => {
  if (!isRoot() || userExists()) return
  Bun.spawnSync(['useradd', '--system', '--no-create-home', '--shell', '/usr/sbin/nologin', RUN_AS], { stdout: 'ignore', stderr: 'ignore' })
  if (!userExists()) throw new Error(`could not create the system user ${RUN_AS} for the PostgreSQL cluster`)
}

const asOwner = (command: string[]): string[] => (isRoot() ? ['runuser', '-u', RUN_AS, '--', ...command] : command)

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

// Data directories of the clusters this process started and has not stopped yet.
const running = new Set<string>()

/**
 * Stops every cluster still running, at once and synchronously. Runs on process exit; `bun test` does
 * not emit 'exit', so tests call it from afterAll (a timed-out setup must not leave a server behind).
 */
export const stopAllClusters = (): void => {
  for (const data of running) {
    Bun.spawnSync(asOwner([join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']), { stdout: 'ignore', stderr: 'ignore' })
    rmSync(join(data, '..'), { recursive: true, force: true })
  }
  running.clear()
}
process.on('exit', stopAllClusters)

export interface ClusterOptions {
  /** Work directory (created; removed on stop). Default: a fresh directory under os.tmpdir(). */
  directory?: string
  settings?: Record<string, string>
  log?: (line: string) => void
}

export const startPgCluster = async (options: ClusterOptions = {}): Promise<PgCluster> => {
  ensureOwner()
  const directory = resolve(options.directory ?? mkdtempSync(join(tmpdir(), 'icvdb-pg-')))
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true, mode: 0o700 })
  if (isRoot()) chownSync(directory, Number(await runCommand(['id', '-u', RUN_AS])), Number(await runCommand(['id', '-g', RUN_AS])))
  const data = join(directory, 'data')
  const log = options.log ?? (() => {})
  await runCommand(
    asOwner([join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--auth=trust', '--no-sync']),
  )
  const port = await freePort()
  const settings = {
    ...BULK_SETTINGS,
    ...options.settings,
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: directory,
  }
  const flags = Object.entries(settings)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ')
  running.add(data)
  try {
    await runCommand(
      asOwner([join(PG_BIN, 'pg_ctl'), '-D', data, '-l', join(directory, 'server.log'), '-w', '-t', '120', '-o', flags, 'start']),
    )
  } catch (error) {
    running.delete(data)
    const serverLog = existsSync(join(directory, 'server.log')) ? readFileSync(join(directory, 'server.log'), 'utf8').slice(-1500) : ''
    throw new Error(`${(error as Error).message}\n${serverLog}`)
  }
  log(`PostgreSQL 15 cluster on 127.0.0.1:${port} (${directory})`)
  const uri = (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`
  return {
    port,
    directory,
    uri,
    psql: (database, args) => runCommand([join(PG_BIN, 'psql'), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', uri(database), ...args]),
    stop: async () => {
      if (!running.delete(data)) return
      await runCommand(asOwner([join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop'])).catch(() => {})
      rmSync(directory, { recursive: true, force: true })
      log('PostgreSQL cluster stopped and removed')
    },
  }
}
