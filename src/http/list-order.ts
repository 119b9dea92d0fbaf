/**
 * The order of a list (language design, section 6): sort keys over the entity's attributes, each
 * ascending or descending, and the record's key last as the tie-break, so every record has one
 * place. Values are compared as filters compare them: instants as whole seconds, numbers by value,
 * strings by code point; a null, missing or unreadable value comes after every value, ascending
 * or descending.
 */
import { withArticle } from '../errors/wording.js';
import { inputError, optionError } from '../errors/tql-error.js';
import { wholeSecondsReader } from '../schema/stored-instant.js';
import type { Attribute, AttributeType, IdKind } from '../schema/types.js';
import { attributeArgument, orderArgument } from './helper-arguments.js';
import { describeValue } from '../errors/describe-value.js';

/** A sort value as every store reads it: whole seconds, a number, text, or null (no value). */
export type SortValue = number | string | null;

/** One key of an order: an attribute and its direction. */
export interface OrderKey {
  readonly attribute: Attribute;
  readonly descending: boolean;
}

/**
 * A list order: the sort keys, then the record's key as the last tie-break (in the direction
 * of the sort key before it), unless the sort already names the key.
 */
export interface ListOrder {
  /** The keys compared in turn; the last one is the record's key. */
  readonly keys: readonly [OrderKey, ...OrderKey[]];
  /** The sort as the `sort` parameter writes it (`-created_at,name`): what cursors are bound to. */
  readonly text: string;
}

/** A record's place in a list order: a value per key of the order, and its key as links write it. */
export interface ListKey {
  /** One per key of the order, the record's key last (never null). */
  readonly values: readonly SortValue[];
  /** The record's key as text, for `starting_after` / `ending_before`. */
  readonly id: string;
}

/**
 * Whether lists can be ordered by `attribute`: one value per record, of a type with an order
 * (not a Boolean, not a collection).
 *
 * @example
 * ```ts
 * isSortable(schedulingSchema.entities.agent.attributes.name);        // true
 * isSortable(schedulingSchema.entities.agent.attributes.schedulable); // false: a Boolean
 * ```
 */
export function isSortable(attribute: Attribute): boolean {
  attributeArgument('isSortable', attribute);
  return !attribute.collection && SORT_TYPES[attribute.type].ordered;
}

/** Why {@link isSortable} refuses `attribute`, for messages. */
export function whyNotSortable(attribute: Attribute): string {
  return attribute.collection
    ? `${attribute.name} holds a set of values (some element of a collection), which has no place in an order`
    : `${attribute.name} is ${withArticle(attribute.type)}, which has no order`;
}

/** A value's reader: the sort value of what a record stores. */
export type SortValueReader = (stored: unknown) => SortValue;

/** Digits, as drivers that return 64-bit integers as text (node-postgres) give them. */
const INTEGER_TEXT = /^-?[0-9]{1,16}$/;

function integerOf(stored: unknown): number | undefined {
  if (typeof stored === 'number') return Number.isSafeInteger(stored) ? stored + 0 : undefined;
  if (typeof stored === 'bigint') return stored >= -MAX_SAFE && stored <= MAX_SAFE ? Number(stored) : undefined;
  if (typeof stored === 'string' && INTEGER_TEXT.test(stored)) {
    const n = Number(stored);
    return Number.isSafeInteger(n) ? n + 0 : undefined;
  }
  return undefined;
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The sort value of an id of each kind: integer ids compare as numbers, uuids canonically, other ids as text. */
const ID_READERS: { readonly [K in IdKind]: SortValueReader } = {
  integer: (stored) => integerOf(stored) ?? null,
  uuid: (stored) => (typeof stored === 'string' ? stored.toLowerCase() : null),
  prefixed: (stored) => (typeof stored === 'string' ? stored : null),
  text: (stored) => (typeof stored === 'string' ? stored : null),
};

/**
 * How a stored value of `attribute` becomes its sort value: a Timestamp's whole second in its
 * declared storage (integer text too, as drivers give 64-bit integers), a finite Number, a
 * String as it is, an id by its kind; anything else is null.
 *
 * @example
 * ```ts
 * const { created_at, name } = schedulingSchema.entities.agent.attributes;
 * sortValueReader(created_at)(1714555800.75); // 1714555800 (stored as Unix seconds)
 * sortValueReader(name)(42); // null: a String attribute holding a number has no value
 * ```
 */
export function sortValueReader(attribute: Attribute): SortValueReader {
  attributeArgument('sortValueReader', attribute);
  try {
    return SORT_TYPES[attribute.type].reader(attribute);
  } catch {
    throw optionError(`sortValueReader takes an attribute of a schema (schema.entities.<entity>.attributes.<name>); this ${attribute.type} has no storage or id format to read.`);
  }
}

/**
 * What a sort value of `attribute` is: an integer (instants, integer ids), any finite number, or
 * text; what a cursor token's value must be to stand for one.
 *
 * @example
 * ```ts
 * sortValueKind(schedulingSchema.entities.agent.attributes.created_at); // 'integer'
 * ```
 */
export function sortValueKind(attribute: Attribute): SortValueKind {
  return SORT_TYPES[attribute.type].kind(attribute);
}

/** The kinds of non-null sort values. */
export type SortValueKind = 'integer' | 'number' | 'text';

/** How the values of one type order. */
interface SortType {
  /** Whether a list can be sorted by it; a Boolean has no order. */
  readonly ordered: boolean;
  /** Whether it can be a record's key. */
  readonly key: boolean;
  readonly kind: (attribute: Attribute) => SortValueKind;
  readonly reader: (attribute: Attribute) => SortValueReader;
}

const textReader: SortValueReader = (stored) => (typeof stored === 'string' ? stored : null);

/** One entry per type: a new type does not compile until it says how lists order by it. */
const SORT_TYPES: { readonly [T in AttributeType]: SortType } = {
  ID: {
    ordered: true,
    key: true,
    kind: (a) => (a.id?.kind === 'integer' ? 'integer' : 'text'),
    reader: (a) => ID_READERS[a.id?.kind ?? 'text'],
  },
  String: { ordered: true, key: true, kind: () => 'text', reader: () => textReader },
  Timestamp: {
    ordered: true,
    key: false,
    kind: () => 'integer',
    reader: (a) => {
      const read = wholeSecondsReader(a.storage!);
      const numeric = a.storage!.kind === 'unix_seconds' || a.storage!.kind === 'unix_milliseconds';
      return (stored) => read(numeric && typeof stored === 'string' ? (integerOf(stored) ?? stored) : stored) ?? null;
    },
  },
  Number: { ordered: true, key: false, kind: () => 'number', reader: () => (stored) => (typeof stored === 'number' && Number.isFinite(stored) ? stored + 0 : null) },
  Boolean: { ordered: false, key: false, kind: () => 'text', reader: () => () => null },
};

/** Whether `attribute` can be a record's key: an ID or String attribute read from one field. */
export function canBeKey(attribute: Attribute): boolean {
  return SORT_TYPES[attribute.type].key && attribute.source.kind === 'field';
}

/**
 * The key value a cursor's id stands for: a number for integer ids, a uuid lower-cased, other
 * ids as they are; undefined when no record can have it (then the request is wrong, not the data).
 *
 * @example
 * ```ts
 * keyValueOf('42', integerKey); // 42
 * keyValueOf('x', integerKey);  // undefined
 * ```
 */
export function keyValueOf(id: string, key: Attribute): string | number | undefined {
  const kind = key.id?.kind ?? 'text';
  if (kind === 'integer') return integerOf(id);
  if (kind === 'uuid') return UUID.test(id) ? id.toLowerCase() : undefined;
  return id;
}
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/**
 * Compares strings by Unicode code point, the order of UTF-8 bytes (SQL's binary collations,
 * MongoDB): UTF-16 code units agree with it but where a surrogate meets U+E000–U+FFFF.
 *
 * @example
 * ```ts
 * compareCodePoints('\uFFFF', '😀') < 0; // true (`<` on strings says the opposite)
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  if (typeof a !== 'string' || typeof b !== 'string') throw inputError(`compareCodePoints compares two strings, not ${describeValue(typeof a === 'string' ? b : a)}.`);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return x >= 0xd800 && y >= 0xd800 ? codePointRank(x) - codePointRank(y) : x - y;
  }
  return a.length - b.length;
}

/** Surrogates (astral characters) after U+E000–U+FFFF, as their code points are. */
const codePointRank = (unit: number): number => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/**
 * Compares two sort values of one key, ascending: numbers by value, strings by code point; null
 * after every value. (A descending key negates this for values, never for null.)
 */
function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : 1;
  return compareCodePoints(String(a), String(b));
}

/**
 * Negative when `a` comes before `b` in `order`, positive after, 0 for the same place (the same
 * key).
 *
 * @example
 * ```ts
 * compareListOrder(order, { values: [20, 'a'], id: 'a' }, { values: [10, 'b'], id: 'b' }); // < 0 in the agents' order, newest first
 * ```
 */
export function compareListOrder(order: ListOrder, a: ListKey, b: ListKey): number {
  const { keys } = order;
  for (let i = 0; i < keys.length; i++) {
    const x = a.values[i]!;
    const y = b.values[i]!;
    if (x === y) continue;
    const c = compareValues(x, y);
    if (c !== 0) return x === null || y === null || !keys[i]!.descending ? c : -c;
  }
  return 0;
}

/**
 * The reader of a record's place in `order`: each key's value read from the record through its
 * attribute's source (a field, or a variant's field), prototype-safe. A record without a key
 * value is data the store cannot list: a `TqlError` (`invalid_input`) naming `what`.
 *
 * @example
 * ```ts
 * listKeyReader(order)({ id: 'agnt_1', created_at: 1700000000 }, 'record 0'); // { values: [1700000000, 'agnt_1'], id: 'agnt_1' }
 * ```
 */
export function listKeyReader(order: ListOrder): (record: unknown, what: string) => ListKey {
  orderArgument('listKeyReader', order);
  const readers = order.keys.map(({ attribute }) => {
    const value = sortValueReader(attribute);
    const stored = storedValueReader(attribute);
    return (record: unknown) => value(stored(record));
  });
  const last = readers.length - 1;
  const keyName = order.keys[last]!.attribute.name;
  return (record, what) => {
    let values: SortValue[];
    try {
      values = readers.map((read) => read(record));
    } catch {
      // A getter or proxy trap of the record threw: nothing of it is described, which could run more.
      throw inputError(`A list reads the sort values of every record; reading them from ${what} threw an exception.`);
    }
    const id = values[last];
    if (id === null || id === undefined) throw inputError(`A list needs the key "${keyName}" on every record, of the kind the key declares; ${what} has none.`);
    return { values, id: String(id) };
  };
}

/** Reads the stored value of a field or variant source, own properties only; undefined when absent. */
function storedValueReader(attribute: Attribute): (record: unknown) => unknown {
  const source = attribute.source;
  if (source.kind === 'field') return (record) => ownValue(record, source.field);
  if (source.kind === 'variant') {
    const { tag, fields } = source;
    return (record) => {
      const t = ownValue(record, tag);
      return typeof t === 'string' && Object.hasOwn(fields, t) ? ownValue(record, fields[t]!) : undefined;
    };
  }
  // readSort refuses collections before an order is made; a hand-made order still gets a TqlError.
  throw inputError(`A list cannot be ordered by ${attribute.path}: ${whyNotSortable(attribute)}.`);
}

function ownValue(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null && Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}
