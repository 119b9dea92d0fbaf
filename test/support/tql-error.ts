/** Catching the TqlError a call throws, for tests that look at its code, issues or message. */
import { isTqlError, type TqlError } from '../../src/errors/tql-error.js';

/**
 * The TqlError that `run` throws. Anything else it throws is thrown on, and a run that throws
 * nothing fails, so a test of the result passes only on a TqlError.
 *
 * @example
 * ```ts
 * expect(tqlErrorOf(() => parse('agent.name eq x')).code).toBe('unknown_operator');
 * ```
 */
export function tqlErrorOf(run: () => unknown): TqlError {
  try {
    run();
  } catch (error) {
    if (isTqlError(error)) return error;
    throw error;
  }
  throw new Error('expected a TqlError, but nothing was thrown');
}
