/**
 * What a slot of field-slots.ts gives a key: its reader, its own-property check, and the
 * whole-query predicates of the tests that single-predicate queries run most. Each of these
 * predicates checks the record, reads the key, tests the value and checks the value is the
 * record's own in one function, and catches what a getter or proxy trap throws: then `retry`
 * decides (record-guard.ts), so a query of one such predicate needs no guard around it.
 */
import type { Scalar } from '../../validate/validated-query.js';

/** A record's value at one key (the caller checks it is an object). */
export type FieldReader = (record: Readonly<Record<string, unknown>>) => unknown;

/** A compiled predicate. */
export type SlotPredicate = (record: unknown) => boolean;

/** The predicates of one key, each computing "the record has an own value passing the test" === want. */
export interface FieldSlot {
  readonly read: FieldReader;
  /** For a value `read` found (not undefined): whether it is the record's own. */
  readonly own: (record: object) => boolean;
  readonly equals: (value: Scalar, want: boolean, retry: SlotPredicate) => SlotPredicate;
  readonly oneOfTwo: (a: Scalar, b: Scalar, want: boolean, retry: SlotPredicate) => SlotPredicate;
  readonly oneOfThree: (a: Scalar, b: Scalar, c: Scalar, want: boolean, retry: SlotPredicate) => SlotPredicate;
  readonly isString: (want: boolean, retry: SlotPredicate) => SlotPredicate;
  /** A finite number. */
  readonly isNumber: (want: boolean, retry: SlotPredicate) => SlotPredicate;
  readonly isBoolean: (want: boolean, retry: SlotPredicate) => SlotPredicate;
}

/** A slot: made once per key that gets it. */
export type Slot = (key: string) => FieldSlot;
