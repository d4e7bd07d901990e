/**
 * How the fake Prowlarr validates an IndexerResource on POST /indexer/test and /indexer, before any
 * live test: JSON types from openapi.json, then Prowlarr's shared and Torznab validators (clients §A.6).
 */
import openapi from '../fixtures/prowlarr/openapi.json' with { type: 'json' }
import type { Resource } from './fake-prowlarr-schema.ts'

export interface ValidationFailure {
  propertyName: string
  errorMessage: string
  attemptedValue?: unknown
  severity: 'error' | 'warning'
  isWarning: boolean
}

type PropertySchema = { type?: string; nullable?: boolean; $ref?: string }
const INDEXER_PROPERTIES = openapi.components.schemas.IndexerResource.properties as Record<string, PropertySchema>

/** The properties System.Text.Json would bind; anything else in a body is ignored, as there. */
export const INDEXER_RESOURCE_KEYS = Object.keys(INDEXER_PROPERTIES)

const JSON_TYPE: Record<string, (value: unknown) => boolean> = {
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  string: (value) => typeof value === 'string',
  array: (value) => Array.isArray(value),
}

/** Type errors make ASP.NET answer a 400 ProblemDetails before any validator runs. */
export const deserializationErrors = (body: Resource): Record<string, string[]> => {
  const errors: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(body)) {
    const schema = INDEXER_PROPERTIES[key]
    if (!schema?.type || (value === null && schema.nullable)) continue
    if (!JSON_TYPE[schema.type]?.(value)) errors[`$.${key}`] = [`The JSON value could not be converted to ${schema.type}.`]
  }
  return errors
}

const error = (propertyName: string, errorMessage: string, attemptedValue?: unknown): ValidationFailure => ({
  propertyName,
  errorMessage,
  ...(attemptedValue === undefined ? {} : { attemptedValue }),
  severity: 'error',
  isWarning: false,
})

const warning = (propertyName: string, errorMessage: string): ValidationFailure => ({
  propertyName,
  errorMessage,
  severity: 'warning',
  isWarning: true,
})

const fieldValue = (body: Resource, name: string) => (body.fields as Resource[] | null)?.find((field) => field?.name === name)?.value

export interface ValidationContext {
  indexers: Resource[]
  appProfileIds: number[]
}

/** Shared resource validators, then TorznabSettingsValidator; warnings only bind without force. */
export const validateIndexer = (body: Resource, context: ValidationContext): ValidationFailure[] => {
  const failures: ValidationFailure[] = []
  const name = typeof body.name === 'string' ? body.name : ''
  if (name.trim() === '') failures.push(error('Name', "'Name' must not be empty."))
  else if (context.indexers.some((indexer) => indexer.name.toLowerCase() === name.toLowerCase() && indexer.id !== body.id)) {
    failures.push(error('Name', 'Should be unique', name))
  }
  if (!body.implementation) failures.push(error('Implementation', "'Implementation' must not be empty."))
  if (!body.configContract) failures.push(error('ConfigContract', "'Config Contract' must not be empty."))
  const appProfileId = body.appProfileId ?? 0
  if (appProfileId <= 0) failures.push(error('AppProfileId', "'App Profile Id' must be greater than '0'.", appProfileId))
  else if (!context.appProfileIds.includes(appProfileId)) failures.push(error('AppProfileId', 'App Profile does not exist', appProfileId))
  const priority = body.priority ?? 0
  if (priority < 1 || priority > 50)
    failures.push(error('Priority', `'Priority' must be between 1 and 50. You entered ${priority}.`, priority))
  if (!Array.isArray(body.fields)) {
    failures.push(error('Fields', "'Fields' must not be empty."))
    return failures
  }
  const baseUrl = fieldValue(body, 'baseUrl')
  if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/\s]+/i.test(baseUrl)) failures.push(error('BaseUrl', 'Invalid Url', baseUrl))
  const apiPath = fieldValue(body, 'apiPath')
  if (typeof apiPath !== 'string' || /^https?:\/\//i.test(apiPath))
    failures.push(error('ApiPath', "Must be a valid URL path (ie: '/api')", apiPath))
  const extra = fieldValue(body, 'additionalParameters')
  if (typeof extra === 'string' && extra !== '' && !/^(&.+?=.+?)+$/.test(extra))
    failures.push(error('AdditionalParameters', 'Additional Parameters are invalid'))
  for (const seed of ['torrentBaseSettings.seedRatio', 'torrentBaseSettings.seedTime', 'torrentBaseSettings.packSeedTime']) {
    const value = fieldValue(body, seed)
    if (typeof value === 'number' && value <= 0) failures.push(warning(seed, 'Should be greater than zero'))
  }
  return failures
}
