/**
 * Streams generated COPY text straight into one psql session per table (no temporary files, no
 * INSERTs). Each session truncates its table in the same transaction as the COPY, so with
 * wal_level=minimal PostgreSQL skips the WAL for the bulk load.
 */
import type { FileSink, Subprocess } from 'bun'
import { join } from 'node:path'
import { COPY_COLUMNS, TABLES, type RowWriter, type TableName } from './generate-rows.ts'
import { PG_BIN, PG_CLIENT_ENV } from './pg-cluster.ts'

const CHUNK = 1 << 20

interface Session {
  child: Subprocess<'pipe', 'ignore', 'pipe'>
  stdin: FileSink
  parts: string[]
  length: number
}

export interface CopySink extends RowWriter {
  /** Ends every COPY, commits, and waits for the sessions; throws with psql's message on failure. */
  finish(): Promise<void>
  abort(): void
}

export const openCopySink = (uri: string, onProgress?: (torrentsDone: number) => void): CopySink => {
  const sessions = new Map<TableName, Session>()
  for (const table of TABLES) {
    const child = Bun.spawn([join(PG_BIN, 'psql'), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', uri, '-f', '-'], {
      stdin: 'pipe',
      stdout: 'ignore',
      stderr: 'pipe',
      env: PG_CLIENT_ENV,
    })
    child.stdin.write(`BEGIN;\nTRUNCATE public.${table};\nCOPY public.${table} (${COPY_COLUMNS[table].join(', ')}) FROM STDIN;\n`)
    sessions.set(table, { child, stdin: child.stdin, parts: [], length: 0 })
  }
  const send = (session: Session): void => {
    if (session.length === 0) return
    session.stdin.write(session.parts.join(''))
    session.parts = []
    session.length = 0
  }
  return {
    line(table, line) {
      const session = sessions.get(table)!
      session.parts.push(line)
      session.length += line.length
      if (session.length >= CHUNK) send(session)
    },
    async drain(torrentsDone) {
      // flush() resolves once the pipe took the bytes: the generator waits for the slowest table.
      for (const session of sessions.values()) {
        if (session.child.exitCode !== null) throw new Error(`psql stopped early: ${await new Response(session.child.stderr).text()}`)
        await session.stdin.flush()
      }
      onProgress?.(torrentsDone)
    },
    async finish() {
      for (const session of sessions.values()) {
        send(session)
        session.stdin.write('\\.\nCOMMIT;\n')
        await session.stdin.end()
      }
      for (const [table, session] of sessions) {
        const [code, stderr] = await Promise.all([session.child.exited, new Response(session.child.stderr).text()])
        if (code !== 0) throw new Error(`COPY into ${table} failed: ${stderr.trim().slice(0, 2000)}`)
      }
    },
    abort() {
      for (const session of sessions.values()) session.child.kill()
    },
  }
}
