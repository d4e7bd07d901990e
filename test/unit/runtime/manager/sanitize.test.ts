import { describe, expect, test } from 'bun:test'
import { ManagerError } from '../../../../runtime/manager/manager-error.ts'
import { isUnsafe, MANAGER_REQUEST_FAILED, sanitizeManagerError, validationMessages } from '../../../../runtime/manager/sanitize.ts'

const KEY = 'k3y-0123456789abcdef'
const rejected = (...messages: string[]) =>
  new ManagerError('rejected', 'refused', {
    status: 400,
    body: messages.map((errorMessage) => ({ propertyName: '', errorMessage, severity: 'error' })),
  })

describe('sanitizeManagerError', () => {
  test.each([
    ['unreachable', new ManagerError('unreachable', 'GET failed', { cause: new Error('ECONNREFUSED') }), 'Unable to connect to Manager'],
    ['HTTP 401', new ManagerError('http', 'x', { status: 401 }), 'Manager returned HTTP 401'],
    ['HTTP 500', new ManagerError('http', 'x', { status: 500 }), 'Manager returned HTTP 500'],
    ['too large', new ManagerError('too-large', 'x'), 'Manager response is too large'],
    ['invalid JSON', new ManagerError('invalid-json', 'x'), 'Manager returned invalid JSON'],
    ['invalid schema', new ManagerError('invalid-schema', 'x'), 'Manager returned an invalid indexer schema response'],
    [
      'invalid indexer list',
      new ManagerError('invalid-response', 'x', { stage: 'list' }),
      'Manager returned an invalid indexer list response',
    ],
    [
      'invalid app profiles',
      new ManagerError('invalid-response', 'x', { stage: 'app-profile' }),
      'Manager returned an invalid app profile response',
    ],
    ['no Generic Torznab', new ManagerError('no-template', 'x'), 'Manager has no Generic Torznab indexer schema'],
    ['no app profile', new ManagerError('no-app-profile', 'x'), 'Manager has no app profile'],
    ['a local failure', new ManagerError('request-failed', 'x'), MANAGER_REQUEST_FAILED],
    ['an unknown error', new TypeError('boom'), MANAGER_REQUEST_FAILED],
  ])('%s reads as a fixed sentence', (_name, error, sentence) => {
    expect(sanitizeManagerError(error, [KEY])).toBe(sentence)
  })

  test('an HTTP error never repeats the body, even when it echoes the key', () => {
    const error = new ManagerError('http', 'x', { status: 500, body: { message: `Traceback ${KEY}` } })
    expect(sanitizeManagerError(error, [KEY])).toBe('Manager returned HTTP 500')
  })

  test("a refused indexer carries Prowlarr's reason", () => {
    expect(sanitizeManagerError(rejected('Query successful, but no results were returned'), [KEY])).toBe(
      'Manager rejected the indexer: Query successful, but no results were returned',
    )
    expect(sanitizeManagerError(new ManagerError('rejected', 'x', { body: [] }), [KEY])).toBe('Manager rejected the indexer')
  })

  test('a reason holding the configured key becomes Manager request failed', () => {
    expect(sanitizeManagerError(rejected(`bad key ${KEY}`), [KEY])).toBe(MANAGER_REQUEST_FAILED)
  })

  test('a reason holding traceback text, in any case, becomes Manager request failed', () => {
    expect(sanitizeManagerError(rejected('TRACEBACK (most recent call last)'), [KEY])).toBe(MANAGER_REQUEST_FAILED)
  })

  test('even a fixed sentence is replaced when the key happens to be part of it', () => {
    expect(sanitizeManagerError(new ManagerError('http', 'x', { status: 500 }), ['500'])).toBe(MANAGER_REQUEST_FAILED)
  })

  test('a long reason is cut and its control characters collapsed', () => {
    const sentence = sanitizeManagerError(rejected(`line\none\t${'x'.repeat(1000)}`), [KEY])
    expect(sentence.startsWith('Manager rejected the indexer: line one x')).toBe(true)
    expect(sentence.length).toBeLessThan(340)
  })
})

describe('validationMessages', () => {
  test('reads the distinct errorMessage of each failure and ignores everything else', () => {
    expect(validationMessages([{ errorMessage: 'a' }, { errorMessage: 'a' }, { errorMessage: 'b' }, { message: 'c' }, null, 'd'])).toEqual([
      'a',
      'b',
    ])
    expect(validationMessages({ message: 'not a list' })).toEqual([])
  })
})

describe('isUnsafe', () => {
  test('an empty secret never matches everything', () => {
    expect(isUnsafe('Manager returned HTTP 401', [''])).toBe(false)
  })
})
