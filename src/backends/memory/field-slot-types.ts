/**
 * What a slot of field-slots.ts gives a key: its reader, its own-property check, and the links
 * of a chain (field-chain.ts), one per inline test of value-test.ts. A link checks one test on
 * the key in one function (read, test, the record is an object, the value is its own), compares
 * that with `positive` (false for a `NOT_*` operator) and, if they agree, calls `next`, the rest
 * of the AND. It catches what a getter or proxy trap throws: then `onThrow` answers for the whole
 * query (record-guard.ts), so a chain needs no guard around it.
 */
import type { Scalar } from '../../validate/validated-query.js';
import type { InlineTests } from './value-test.js';

/** A record's value at one key (the caller checks it is an object). */
export type FieldReader = (record: Readonly<Record<string, unknown>>) => unknown;

/** A compiled predicate. */
export type SlotPredicate = (record: unknown) => boolean;

/** A link of a chain: the test's arguments, then `positive, next, onThrow`. */
export type Link<Args extends readonly unknown[]> = (
  ...args: [...Args, positive: boolean, next: SlotPredicate, onThrow: SlotPredicate]
) => SlotPredicate;

/** The link of each inline test: what scripts/write-field-slots.mjs writes into every slot. */
export type FieldLinks = { readonly [N in keyof InlineTests]: Link<Parameters<InlineTests[N]>> };

/** The reader, own check and links of one key. */
export interface FieldSlot extends FieldLinks {
  readonly read: FieldReader;
  /** For a value `read` found (not undefined): whether it is the record's own. */
  readonly own: (record: object) => boolean;
}

/** A test of a record known to be readable (not null or undefined). */
export type ElementScan = (record: object) => boolean;

/** What a list slot gives the key of a list of elements (a collection attribute's `arrays`). */
export interface ListSlot {
  /**
   * A necessary condition of "the list at the key holds an element `e` with `e[tagKey] === tag`
   * and `e[valueKey] === value`", checking no own-ness: false when the value there is no object
   * or a loop over its indices finds no such element; true when one may count, and for a list
   * with a `some` of its own, a length that is no number or one longer than `MAX_UNCHECKED_SCAN`
   * (element-scan.ts), which the caller's exact test then decides.
   */
  readonly holdsEqual: (tagKey: string, tag: string, valueKey: string, value: Scalar) => ElementScan;
  /**
   * The link of an equality on a collection whose elements live in the list at this key and, if
   * `other` is given, in a second list (its slot's {@link ListSlot.holdsEqual}): the scans find
   * whether an element may count, and only then `exact`, the test with every own-property check,
   * decides.
   */
  readonly someEqual: Link<[tagKey: string, tag: string, valueKey: string, value: Scalar, other: ElementScan | undefined, exact: ElementScan]>;
}

/** A list slot: made once per list key that gets it. */
export type MakeListSlot = (key: string) => ListSlot;

/** A slot: made once per key that gets it. */
export type Slot = (key: string) => FieldSlot;
