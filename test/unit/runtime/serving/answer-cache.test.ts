import { describe, expect, test } from 'bun:test'
import { AnswerCache } from '../../../../runtime/serving/answer-cache.ts'

const counting = () => {
  const made: string[] = []
  const make = (text: string) => () => {
    made.push(text)
    return Promise.resolve(text)
  }
  return { made, make }
}

describe('AnswerCache', () => {
  test('the same key on the same snapshot is made once, also while the first is in flight', async () => {
    const cache = new AnswerCache(1024)
    const { made, make } = counting()
    const [a, b] = await Promise.all([cache.answer(1, 'k', make('one')), cache.answer(1, 'k', make('two'))])
    expect([a, b]).toEqual(['one', 'one'])
    expect(await cache.answer(1, 'k', make('three'))).toBe('one')
    expect(made).toEqual(['one'])
  })

  test('another snapshot generation starts empty', async () => {
    const cache = new AnswerCache(1024)
    const { made, make } = counting()
    await cache.answer(1, 'k', make('old'))
    expect(await cache.answer(2, 'k', make('new'))).toBe('new')
    expect(made).toEqual(['old', 'new'])
    expect(cache.size).toBe(1)
  })

  test('a failed answer is not kept', async () => {
    const cache = new AnswerCache(1024)
    await expect(cache.answer(1, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await Bun.sleep(0)
    expect(await cache.answer(1, 'k', () => Promise.resolve('fine'))).toBe('fine')
  })

  test('over its size the least recently used answers go first', async () => {
    // 10 characters are 20 bytes; 60 bytes hold three answers.
    const cache = new AnswerCache(60)
    const { made, make } = counting()
    for (const key of ['a', 'b', 'c']) await cache.answer(1, key, make(key.repeat(10)))
    await cache.answer(1, 'a', make('x'))
    await cache.answer(1, 'd', make('d'.repeat(10)))
    await Bun.sleep(0)
    expect(cache.size).toBe(3)
    await cache.answer(1, 'a', make('again-a'))
    await cache.answer(1, 'b', make('again-b'))
    expect(made).toEqual(['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddd', 'again-b'])
  })

  test('byte answers are sized by their length: 60 bytes hold three of 20', async () => {
    const cache = new AnswerCache<Uint8Array>(60)
    const made: string[] = []
    const make = (key: string) => () => (made.push(key), Promise.resolve(new Uint8Array(20)))
    for (const key of ['a', 'b', 'c', 'd']) await cache.answer(1, key, make(key))
    await Bun.sleep(0)
    expect(cache.size).toBe(3)
    await cache.answer(1, 'a', make('again-a'))
    await cache.answer(1, 'd', make('again-d'))
    expect(made).toEqual(['a', 'b', 'c', 'd', 'again-a'])
  })

  test('size 0 keeps nothing', async () => {
    const cache = new AnswerCache(0)
    const { made, make } = counting()
    await cache.answer(1, 'k', make('one'))
    await cache.answer(1, 'k', make('two'))
    expect(made).toEqual(['one', 'two'])
  })
})
