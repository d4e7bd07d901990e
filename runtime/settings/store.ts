/**
 * The settings file: load once (moving an unreadable file aside), keep the persisted document in
 * memory, and write it atomically (temporary file in the same directory, fsync, rename, 0600).
 */
import { readFileSync, renameSync } from 'node:fs'
import { writeFileAtomic, type Rename } from '../atomic-file.ts'
import type { SettingsOverrides } from './overrides.ts'
import type { Log } from '../log.ts'
import { applyOverrides, keyNotice, publicView, type PublicSettings } from './effective.ts'
import { originOf, readBinding, writeBinding } from './key-binding.ts'
import {
  DEFAULT_SETTINGS,
  SettingsDocumentSchema,
  validate,
  type ResultProcessing,
  type SettingsDocument,
  type SettingsUpdate,
  urlMessage,
} from './schema.ts'
import { AppError } from '../errors.ts'
import { holdsWholeSecret } from '../secret-forms.ts'

export interface SettingsStoreOptions {
  path: string
  /** The key's binding file (runtime/settings/key-binding.ts). */
  keyOriginPath: string
  overrides: SettingsOverrides
  log: Log
  /** Replaceable for tests that make the final rename fail. */
  rename?: Rename
  now?: () => number
}

const compactTimestamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')

export class SettingsStore {
  readonly path: string
  readonly overrides: SettingsOverrides
  #persisted: SettingsDocument = structuredClone(DEFAULT_SETTINGS)
  #keyOrigin: string | null = null
  #keyOriginPath: string
  #log: Log
  #rename: Rename
  #now: () => number

  constructor(options: SettingsStoreOptions) {
    this.path = options.path
    this.#keyOriginPath = options.keyOriginPath
    this.overrides = options.overrides
    this.#log = options.log
    this.#rename = options.rename ?? renameSync
    this.#now = options.now ?? Date.now
  }

  /** Reads the file; a missing one is created with defaults, an invalid one is moved aside. */
  load(): void {
    let text: string
    try {
      text = readFileSync(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return this.#quarantine(`cannot be read (${(error as Error).message})`)
      this.#persisted = structuredClone(DEFAULT_SETTINGS)
      this.#writeAtLoad()
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return this.#quarantine('is not valid JSON')
    }
    const result = validate(SettingsDocumentSchema, parsed)
    if (!result.ok) return this.#quarantine(`is invalid: ${result.message}`)
    this.#persisted = result.value
    this.#loadBinding()
  }

  /** A key saved before bindings existed was persisted together with its URL: it is bound there once. */
  #loadBinding(): void {
    const stored = readBinding(this.#keyOriginPath)
    if (stored.found) return void (this.#keyOrigin = stored.origin)
    this.#keyOrigin = this.#persisted.manager.api_key === '' ? null : originOf(this.#persisted.manager.url)
    if (this.#keyOrigin === null) return
    try {
      writeBinding(this.#keyOriginPath, this.#keyOrigin)
    } catch (error) {
      // Kept in memory; written again on a later start.
      this.#log.warn(`the manager key's address could not be saved (${(error as Error).message})`)
    }
  }

  #quarantine(reason: string): void {
    const aside = `${this.path}.invalid-${compactTimestamp(this.#now())}`
    try {
      renameSync(this.path, aside)
      this.#log.warn(`settings file ${reason}; moved it to ${aside} and started with defaults`)
    } catch (error) {
      this.#log.error(`settings file ${reason} and could not be moved aside (${(error as Error).message}); running on defaults`)
      this.#persisted = structuredClone(DEFAULT_SETTINGS)
      return
    }
    this.#persisted = structuredClone(DEFAULT_SETTINGS)
    this.#writeAtLoad()
  }

  /** The defaults are written when possible; a read-only or full data directory runs on them in memory. */
  #writeAtLoad(): void {
    try {
      this.#write(this.#persisted)
    } catch (error) {
      this.#log.warn(`settings file could not be written (${(error as Error).message}); running on defaults`)
    }
  }

  persisted(): SettingsDocument {
    return structuredClone(this.#persisted)
  }

  effective(): SettingsDocument {
    return applyOverrides(this.#persisted, this.overrides, this.#keyOrigin)
  }

  /** The sentence for a stored key that is not sent to the configured manager address, or null. */
  keyNotice(): string | null {
    return keyNotice(this.#persisted, this.overrides, this.#keyOrigin)
  }

  public(): PublicSettings {
    return publicView(this.effective())
  }

  /** Every key value that must never appear in a response or a log line. */
  secrets(): string[] {
    return [this.#persisted.manager.api_key, this.overrides.api_key ?? ''].filter((secret) => secret !== '')
  }

  /**
   * PUT /webapi/settings (interface.md §4.2). Starts from the persisted document: fields that an
   * environment variable owns keep their persisted value, so a GET→PUT round trip never writes
   * environment values to disk.
   */
  saveUpdate(update: SettingsUpdate): PublicSettings {
    const current = this.#persisted
    const owned = this.overrides
    const next: SettingsDocument = {
      schema_version: 1,
      database_update: {
        enabled: owned.enabled === undefined ? update.database_update.enabled : current.database_update.enabled,
        interval_seconds:
          owned.interval_seconds === undefined ? update.database_update.interval_seconds : current.database_update.interval_seconds,
      },
      result_processing: {
        preset: owned.preset === undefined ? update.result_processing.preset : current.result_processing.preset,
        custom_rules: update.result_processing.custom_rules,
      },
      manager: {
        url: owned.url === undefined ? update.manager.url : current.manager.url,
        indexer_url: owned.indexer_url === undefined ? update.manager.indexer_url : current.manager.indexer_url,
        // Omitted: keep; non-empty: replace; "": clear. An environment key is never persisted.
        api_key: update.manager.api_key ?? current.manager.api_key,
      },
    }
    // The key written into a URL (`?apikey=…`) would come back in every read of the settings.
    for (const name of ['url', 'indexer_url'] as const)
      if (holdsWholeSecret(next.manager[name], next.manager.api_key)) throw new AppError('invalid', urlMessage(name))
    // A new key is bound to the address it will be sent to; the binding is written first, so a crash
    // in between leaves the old key unbound rather than the new key bound to the old address.
    const origin = this.#nextKeyOrigin(update, owned.url ?? next.manager.url)
    const previous = this.#keyOrigin
    if (origin !== previous) writeBinding(this.#keyOriginPath, origin)
    this.#keyOrigin = origin
    try {
      this.#commit(next)
    } catch (error) {
      this.#keyOrigin = previous
      if (origin !== previous) this.#restoreBinding(previous)
      throw error
    }
    return this.public()
  }

  /**
   * A key sent with the PUT is bound to the URL it will be sent to; a kept key keeps its binding. A key
   * saved without a URL is bound to none and never sent: binding it to the next URL saved would hand
   * it to whoever saves one first (any host on the LAN), so it has to be entered again with the URL.
   */
  #nextKeyOrigin(update: SettingsUpdate, nextUrl: string): string | null {
    const key = update.manager.api_key
    if (key !== undefined) return key === '' ? null : originOf(nextUrl)
    return this.#keyOrigin
  }

  #restoreBinding(origin: string | null): void {
    try {
      writeBinding(this.#keyOriginPath, origin)
    } catch (error) {
      this.#log.warn(`the manager key's address could not be restored (${(error as Error).message})`)
    }
  }

  /** PUT /webapi/result-processing persists what was sent; the answer is the effective object. */
  saveResultProcessing(resultProcessing: ResultProcessing): ResultProcessing {
    this.#commit({ ...this.#persisted, result_processing: resultProcessing })
    return this.effective().result_processing
  }

  #commit(next: SettingsDocument): void {
    this.#write(next)
    this.#persisted = next
  }

  #write(document: SettingsDocument): void {
    writeFileAtomic(this.path, `${JSON.stringify(document, null, 2)}\n`, this.#rename)
  }
}
