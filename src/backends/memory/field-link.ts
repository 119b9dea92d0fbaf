/**
 * A value test on a plain field as the link of its key's slot: the one place a {@link ValueTest}
 * meets the slots. A chain (field-chain.ts) passes the rest of its AND as `next`; the general
 * path (sources.ts) passes {@link MATCHES}.
 */
import type { FieldSlot, SlotPredicate } from './field-slot-types.js';
import { testCall, type ValueTest } from './value-test.js';

/** The end of a chain: every link before it held. */
export const MATCHES: SlotPredicate = () => true;

/**
 * The link of `test` in `slot`: "the record's own value at the key passes `test`" compared with
 * `positive`, then `next`; `onThrow` answers when reading the record threw.
 *
 * @example
 * ```ts
 * const atLeast10 = fieldLink(fieldAccess('size'), { kind: 'range', operator: 'GTE', bound: 10 }, true, MATCHES, () => false);
 * atLeast10({ size: 12 }); // true
 * ```
 */
export function fieldLink(slot: FieldSlot, test: ValueTest, positive: boolean, next: SlotPredicate, onThrow: SlotPredicate): SlotPredicate {
  const [name, ...args] = testCall(test);
  // The call's arguments are the link's by the types of testCall; TS cannot see the correlation.
  return (slot[name] as (...a: readonly unknown[]) => SlotPredicate)(...args, positive, next, onThrow);
}
