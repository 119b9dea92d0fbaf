/**
 * What a slot of field-slots.ts gives a key: its reader, its own-property check, and the links
 * of a chain (field-chain.ts). A link checks one comparison on the key in one function (read,
 * test, the record is an object, the value is its own), compares that with `want` (false for a
 * `NOT_*` operator) and, if it holds, calls `next`, the rest of the AND. It catches what a
 * getter or proxy trap throws: then `retry` answers for the whole query (record-guard.ts), so a
 * chain needs no guard around it.
 */
import type { Scalar } from '../../validate/validated-query.js';

/** A record's value at one key (the caller checks it is an object). */
export type FieldReader = (record: Readonly<Record<string, unknown>>) => unknown;

/** A compiled predicate. */
export type SlotPredicate = (record: unknown) => boolean;

/** A link of a chain: the comparison's test arguments, then `want, next, retry`. */
type Link<Args extends unknown[]> = (...args: [...Args, want: boolean, next: SlotPredicate, retry: SlotPredicate]) => SlotPredicate;

/** The reader, own check and links of one key. */
export interface FieldSlot {
  readonly read: FieldReader;
  /** For a value `read` found (not undefined): whether it is the record's own. */
  readonly own: (record: object) => boolean;
  readonly equals: Link<[value: Scalar]>;
  readonly oneOfTwo: Link<[a: Scalar, b: Scalar]>;
  readonly oneOfThree: Link<[a: Scalar, b: Scalar, c: Scalar]>;
  readonly isString: Link<[]>;
  /** A finite number. */
  readonly isNumber: Link<[]>;
  readonly isBoolean: Link<[]>;
  readonly lessThan: Link<[bound: number]>;
  readonly atMost: Link<[bound: number]>;
  readonly greaterThan: Link<[bound: number]>;
  readonly atLeast: Link<[bound: number]>;
  readonly matches: Link<[regex: RegExp]>;
  /** A number in `[lo, hi)`, or another value passing `other` (instant-test.ts, `NumberWindow`). */
  readonly numberWindow: Link<[lo: number, hi: number, other: (x: unknown) => boolean]>;
  /** A value passing `ok`. */
  readonly satisfies: Link<[ok: (x: unknown) => boolean]>;
}

/** A test of a record known to be readable (not null or undefined). */
export type ElementScan = (record: object) => boolean;

/** What a list slot gives the key of a list of elements (a collection attribute's `arrays`). */
export interface ListSlot {
  /**
   * A necessary condition of "the list at the key holds an element `e` with `e[tagKey] === tag`
   * and `e[valueKey] === value`", checking no own-ness: false when the value there is no object
   * or a scan with `Array.prototype.some` finds no such element; true when one may count, and
   * for a list with a `some` of its own or longer than `MAX_UNCHECKED_SCAN` (element-scan.ts),
   * which the caller's exact test then decides.
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
