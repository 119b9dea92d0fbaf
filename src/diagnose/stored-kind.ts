/**
 * What a stored value is, named as a person would name it ("a Date", "decimal text"), for the
 * diagnosis of records whose values do not fit their declared storage. Reading a value never
 * calls the record's own code but for a decimal object's `toNumber`, which is only looked up.
 */
import { storedValueReader } from '../schema/stored-value.js';
import { wholeSecondsReader } from '../schema/stored-instant.js';

/** The kinds of stored values the diagnosis tells apart. */
export type StoredKind =
  | 'date'
  | 'invalid date'
  | 'boolean'
  | 'zero or one'
  | 'number'
  | 'non-finite number'
  | 'bigint'
  | 'decimal text'
  | 'ISO text'
  | 'boolean text'
  | 'text'
  | 'array'
  | 'decimal object'
  | 'object'
  | 'other';

/** Each kind as a message says it: "holds a Date". */
export const KIND_NAMES: { readonly [K in StoredKind]: string } = {
  date: 'a Date',
  'invalid date': 'an invalid Date (its time is NaN)',
  boolean: 'a boolean',
  'zero or one': 'the number 0 or 1',
  number: 'a number',
  'non-finite number': 'NaN or an infinity',
  bigint: 'a BigInt',
  'decimal text': 'a number written as text',
  'ISO text': 'ISO-8601 text',
  'boolean text': 'the text "true" or "false"',
  text: 'text',
  array: 'an array',
  'decimal object': 'a decimal object (Prisma.Decimal, decimal.js)',
  object: 'an object',
  other: 'a function or a symbol',
};

const timeOf: (date: object) => number = Function.prototype.call.bind(Date.prototype.getTime) as (date: object) => number;

/**
 * The time of a real Date of any realm, read from its date slot (never its own, possibly
 * overridden, methods); undefined for anything else, an object that only inherits from Date too.
 */
function dateTime(x: object): number | undefined {
  try {
    return timeOf(x);
  } catch {
    return undefined;
  }
}

const isDecimalText = (x: string) => storedValueReader('decimal_text')(x) !== undefined;
const isIsoText = (() => {
  const read = wholeSecondsReader({ kind: 'iso_text', timeZone: 'UTC' });
  return (x: string) => read(x) !== undefined;
})();

/**
 * The kind of a stored value that is neither `undefined` nor `null` (those are no value in any
 * storage, which is no mismatch). The numbers 0 and 1 are a kind of their own where
 * `zeroOrOne` asks for it (under a Boolean they are a storage), else numbers like any other.
 *
 * @example
 * ```ts
 * storedKind(new Date(0)); // 'date'
 * storedKind('9.99'); // 'decimal text'
 * storedKind('2024-05-01T09:30:00Z'); // 'ISO text'
 * storedKind(1); // 'number'
 * storedKind(1, true); // 'zero or one'
 * ```
 */
export function storedKind(x: unknown, zeroOrOne = false): StoredKind {
  switch (typeof x) {
    case 'boolean':
      return 'boolean';
    case 'number':
      if (!Number.isFinite(x)) return 'non-finite number';
      return zeroOrOne && (x === 0 || x === 1) ? 'zero or one' : 'number';
    case 'bigint':
      return 'bigint';
    case 'string':
      if (isDecimalText(x)) return 'decimal text';
      if (isIsoText(x)) return 'ISO text';
      return x === 'true' || x === 'false' ? 'boolean text' : 'text';
    case 'object': {
      if (x === null) return 'other';
      // A Date of another realm or without a prototype is a Date too: `instanceof` would say no.
      const time = dateTime(x);
      if (time !== undefined) return Number.isNaN(time) ? 'invalid date' : 'date';
      if (Array.isArray(x)) return 'array';
      return typeof (x as { toNumber?: unknown }).toNumber === 'function' ? 'decimal object' : 'object';
    }
    default:
      return 'other';
  }
}

/** The longest text shown of a stored value. */
const SHOWN_CHARACTERS = 40;

/**
 * A stored value as an example line shows it, briefly: `2024-05-01T09:30:00.000Z (a Date)`.
 *
 * @example
 * ```ts
 * shownValue(new Date(0)); // '1970-01-01T00:00:00.000Z'
 * shownValue(['a', 'b']); // 'an array of 2'
 * ```
 */
export function shownValue(x: unknown): string {
  switch (typeof x) {
    case 'string':
      return JSON.stringify(x.length > SHOWN_CHARACTERS ? `${x.slice(0, SHOWN_CHARACTERS)}…` : x);
    case 'number':
    case 'boolean':
      return String(x);
    case 'bigint':
      return `${x}n`;
    case 'object':
      if (x instanceof Date) return Number.isNaN(x.getTime()) ? 'Invalid Date' : x.toISOString();
      if (Array.isArray(x)) return `an array of ${x.length}`;
      return x === null ? 'null' : 'an object';
    default:
      return typeof x;
  }
}
