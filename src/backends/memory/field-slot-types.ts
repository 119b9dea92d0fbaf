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
  readonly oneOfList: Link<[values: readonly Scalar[]]>;
  readonly oneOfSet: Link<[values: ReadonlySet<Scalar>]>;
  readonly isString: Link<[]>;
  /** A finite number. */
  readonly isNumber: Link<[]>;
  readonly isBoolean: Link<[]>;
  readonly lessThan: Link<[bound: number]>;
  readonly atMost: Link<[bound: number]>;
  readonly greaterThan: Link<[bound: number]>;
  readonly atLeast: Link<[bound: number]>;
  readonly matches: Link<[regex: RegExp]>;
  /** `needle` lower-cased; the value is lower-cased before the search. */
  readonly contains: Link<[needle: string]>;
}

/** A slot: made once per key that gets it. */
export type Slot = (key: string) => FieldSlot;
