/**
 * mingo, the in-process evaluator of MongoDB filters: an optional peer dependency, loaded on first
 * use by the Mongo backend's run and by `mingoCollection` (tql/http).
 */
import { optionError } from '../errors/tql-error.js';

/** Named by a variable, so that a bundle that never runs Mongo filters (the playground's) does not take mingo in. */
const MINGO: string = 'mingo';

/**
 * The mingo module; an `invalid_option` error saying to install it where it is missing. `who`
 * names what needs it, for that message.
 *
 * @example
 * ```ts
 * const { Query } = await loadMingo('mingoCollection');
 * ```
 */
export async function loadMingo(who: string): Promise<typeof import('mingo')> {
  try {
    return (await import(MINGO)) as typeof import('mingo');
  } catch {
    throw optionError(`${who} runs MongoDB filters with mingo, an optional peer dependency of tql: install it (npm install mingo).`);
  }
}
