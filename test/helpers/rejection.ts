/** Awaits a promise that must reject and returns what it rejected with (the test fails otherwise). */
export const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject')
}

/** The message of an Error the promise must reject with. */
export const rejectionMessage = async (promise: Promise<unknown>): Promise<string> => ((await rejectionOf(promise)) as Error).message
