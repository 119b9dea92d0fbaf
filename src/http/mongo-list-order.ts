/**
 * A {@link ListOrder} as MongoDB aggregation stages: each sort key computed per document as the
 * value every store compares (`sortValueReader`: whole seconds of a timestamp in its storage, a
 * finite number, text, an id by its kind) and a null flag, so that the engine sorts, and bounds a
 * page, exactly as the list order does.
 *
 * Why computed keys rather than the stored fields: MongoDB sorts what is stored, by BSON type
 * first (a string in a number field sorts after every number; null and missing first ascending),
 * by the stored instant rather than its whole second (records of one second stored with
 * milliseconds would not fall back on the next key), and ISO-8601 text as text. The flag puts the
 * documents without a value after every value in either direction, as the list order does.
 */
import type { MongoExpression } from '../backends/mongo/filter.js';
import { CANONICAL_TEXT_PATTERN, isoTextUtcSeconds } from '../backends/mongo/iso-text.js';
import { optionError } from '../errors/tql-error.js';
import { MAX_DATE_MILLISECONDS } from '../schema/stored-instant.js';
import type { Attribute, AttributeType, IdKind, TimestampStorage, TimestampStorageKind } from '../schema/types.js';
import type { ListKey, ListOrder, SortValue } from './list-order.js';
import type { Direction } from './list-store.js';
import { codeUnitForm, codeUnitFormExpression } from './mongo-text-order.js';

/** A filter document or a pipeline stage of the list store. */
export type MongoListFilter = Record<string, unknown>;

/** Where a page starts: the place a cursor carries, or the values of the cursor's document, bound as `$$` variables. */
export type MongoPlace = { readonly kind: 'key'; readonly key: ListKey } | { readonly kind: 'variables'; readonly names: readonly string[] };

/** A list order as stages and expressions of a pipeline. */
export interface MongoListOrder {
  /** The stages that add the computed sort fields to each document. */
  readonly addKeys: readonly MongoListFilter[];
  /** The computed fields, to project away. */
  readonly keyFields: readonly string[];
  /** The computed value of each key, as a path (`'$__tql_sort_v0'`), for a `$lookup`'s `let`. */
  readonly valuePaths: readonly string[];
  /** The `$sort` document: list order `forward`, the reverse `backward`. */
  sort(direction: Direction): Readonly<Record<string, 1 | -1>>;
  /** An expression (for `$expr`) true for the documents strictly beyond `place` in `direction`. */
  beyond(place: MongoPlace, direction: Direction): MongoExpression;
}

const VALUE = (i: number): string => `__tql_sort_v${i}`;
const NULL_FLAG = (i: number): string => `__tql_sort_n${i}`;

/**
 * The pipeline form of `order`. Throws a `TqlError` (`invalid_option`) for an attribute the
 * engine cannot sort as lists do: ISO-8601 text in a zone other than UTC (MongoDB sorts text as
 * text, and the instant of a wall-clock time in a named zone needs the zone's rules), or a field
 * name MongoDB would read as a path.
 *
 * @example
 * ```ts
 * const mongo = mongoListOrder(order); // -created_at, then id
 * [{ $match: filter }, ...mongo.addKeys, { $sort: mongo.sort('forward') }, { $limit: 21 }];
 * ```
 */
export function mongoListOrder(order: ListOrder): MongoListOrder {
  const keys = order.keys;
  const values: MongoListFilter = {};
  const flags: MongoListFilter = {};
  keys.forEach(({ attribute }, i) => {
    values[VALUE(i)] = { $let: { vars: { x: sourceOf(attribute) }, in: valueOf(attribute) } };
    flags[NULL_FLAG(i)] = { $cond: [{ $eq: [`$${VALUE(i)}`, null] }, 1, 0] };
  });
  return {
    addKeys: [{ $addFields: values }, { $addFields: flags }],
    keyFields: keys.flatMap((_, i) => [VALUE(i), NULL_FLAG(i)]),
    valuePaths: keys.map((_, i) => `$${VALUE(i)}`),
    sort(direction) {
      const way = direction === 'forward' ? 1 : -1;
      const sort: Record<string, 1 | -1> = {};
      keys.forEach(({ descending }, i) => {
        // The flag first: documents without a value after the others, in either direction.
        sort[NULL_FLAG(i)] = way;
        sort[VALUE(i)] = (descending ? -way : way) as 1 | -1;
      });
      return sort;
    },
    beyond(place, direction) {
      const at = keys.map((_, i) => placeValue(place, i));
      const alternatives: MongoExpression[] = [];
      for (let i = 0; i < keys.length; i++) {
        // Equal on every key before i, strictly beyond on key i.
        const equal = at.slice(0, i).map((c, j) => equalTo(`$${VALUE(j)}`, c));
        const past = (direction === 'forward' ? after : before)(`$${VALUE(i)}`, at[i]!, keys[i]!.descending);
        if (past === false) continue;
        alternatives.push(equal.length === 0 ? past : { $and: [...equal, past] });
      }
      return alternatives.length === 0 ? false : alternatives.length === 1 ? alternatives[0]! : { $or: alternatives };
    },
  };
}

/** A key's value at the place: a literal (null, or the value as the pipeline compares it) or a variable. */
type PlaceValue = { readonly literal: SortValue } | { readonly variable: string };

function placeValue(place: MongoPlace, i: number): PlaceValue {
  if (place.kind === 'variables') return { variable: `$$${place.names[i]!}` };
  const value = place.key.values[i] ?? null;
  return { literal: typeof value === 'string' ? codeUnitForm(value) : value };
}

const operand = (c: PlaceValue): MongoExpression => ('variable' in c ? c.variable : { $literal: c.literal });

function equalTo(value: string, c: PlaceValue): MongoExpression {
  return { $eq: [value, operand(c)] };
}

/** Strictly after `c` on one key in list order: a value past it, or no value (when `c` has one). */
function after(value: string, c: PlaceValue, descending: boolean): MongoExpression {
  if ('literal' in c && c.literal === null) return false;
  // A null value compares below every value in MongoDB and mingo: the flag decides it first.
  const past: MongoExpression = { $or: [{ $eq: [value, null] }, { [descending ? '$lt' : '$gt']: [value, operand(c)] }] };
  return 'variable' in c ? { $and: [{ $ne: [c.variable, null] }, past] } : past;
}

/** Strictly before `c` on one key in list order: a value, and before it (any value, when `c` has none). */
function before(value: string, c: PlaceValue, descending: boolean): MongoExpression {
  const present: MongoExpression = { $ne: [value, null] };
  if ('literal' in c && c.literal === null) return present;
  const earlier: MongoExpression = { [descending ? '$gt' : '$lt']: [value, operand(c)] };
  return { $and: [present, 'variable' in c ? { $or: [{ $eq: [c.variable, null] }, earlier] } : earlier] };
}

/** A field name MongoDB reads as one top-level field: no `$`, no `.`. */
const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

function fieldPath(attribute: Attribute, field: string): string {
  if (SAFE_FIELD.test(field)) return `$${field}`;
  throw optionError(
    `mongoListStore cannot sort by ${attribute.path}: the schema reads it from the field ${JSON.stringify(field)}, which MongoDB would read as a path. ` +
      'Name fields with letters, digits and underscores.',
  );
}

/** The stored value of a field or variant source (null when a variant's tag is none of its fields). */
function sourceOf(attribute: Attribute): MongoExpression {
  const source = attribute.source;
  if (source.kind === 'field') return fieldPath(attribute, source.field);
  if (source.kind === 'variant') {
    const branches = Object.entries(source.fields).map(([tag, field]) => ({ case: { $eq: [fieldPath(attribute, source.tag), { $literal: tag }] }, then: fieldPath(attribute, field) }));
    return branches.length === 0 ? null : { $switch: { branches, default: null } };
  }
  // readSort refuses collections before an order is made.
  throw new TypeError(`${attribute.path} is a collection`);
}

// ---- the value of `$$x` as sortValueReader reads it ----

const X = '$$x';
const NUMBER_TYPES = ['double', 'int', 'long'];
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Integer text, as drivers give 64-bit integers; `(?![\s\S])` ends it (PCRE's `$` also matches before a final newline). */
const INTEGER_TEXT = '^-?[0-9]{1,16}(?![\\s\\S])';

/** `+ 0` makes -0 the value 0, which mingo would otherwise sort apart from 0. */
const plusZero = (e: MongoExpression): MongoExpression => ({ $add: [e, 0] });
const within = (e: MongoExpression, limit: number): MongoExpression => ({ $and: [{ $gte: [e, -limit] }, { $lte: [e, limit] }] });
/** A double, int or long in ±`limit`: NaN is outside (MongoDB sorts it below every number; mingo types it apart). */
const numberWithin = (e: MongoExpression, limit: number): MongoExpression => ({ $and: [{ $in: [{ $type: e }, NUMBER_TYPES] }, within(e, limit)] });
const isString = (e: MongoExpression): MongoExpression => ({ $eq: [{ $type: e }, 'string'] });

/** The number integer text stands for, when it is a safe integer, read by `then`; else null. */
function integerText(then: (n: MongoExpression) => MongoExpression): MongoExpression {
  return {
    $cond: [
      { $and: [isString(X), { $regexMatch: { input: { $cond: [isString(X), X, ''] }, regex: INTEGER_TEXT } }] },
      { $let: { vars: { n: plusZero({ $toDouble: X }) }, in: { $cond: [within('$$n', MAX_SAFE), then('$$n'), null] } } },
      null,
    ],
  };
}

/** `floor(ms / 1000)` exactly: the division alone may round up to the next second. */
function wholeSecondsOfMilliseconds(ms: MongoExpression): MongoExpression {
  return {
    $let: {
      vars: { ms, r: { $mod: [ms, 1000] } },
      in: plusZero({ $add: [{ $divide: [{ $subtract: ['$$ms', '$$r'] }, 1000] }, { $cond: [{ $lt: ['$$r', 0] }, -1, 0] }] }),
    },
  };
}

type StorageOf<K extends TimestampStorageKind> = Extract<TimestampStorage, { kind: K }>;

/** One entry per storage kind: a new kind does not compile until the store sorts by it. */
const INSTANTS: { readonly [K in TimestampStorageKind]: (storage: StorageOf<K>, attribute: Attribute) => MongoExpression } = {
  unix_seconds: () => ({ $cond: [numberWithin(X, Number.MAX_VALUE), plusZero({ $floor: X }), integerText((n) => n)] }),
  unix_milliseconds: () => {
    const ms = (n: MongoExpression) => ({ $cond: [within(n, MAX_DATE_MILLISECONDS), wholeSecondsOfMilliseconds(n), null] });
    return { $cond: [numberWithin(X, MAX_DATE_MILLISECONDS), wholeSecondsOfMilliseconds(X), integerText(ms)] };
  },
  date: () => ({
    $cond: [
      { $eq: [{ $type: X }, 'date'] },
      // mingo gives NaN for an invalid Date, which it types apart from the numbers.
      { $let: { vars: { ms: { $toLong: X } }, in: { $cond: [numberWithin('$$ms', MAX_DATE_MILLISECONDS), wholeSecondsOfMilliseconds('$$ms'), null] } } },
      null,
    ],
  }),
  iso_text: ({ timeZone }, attribute) => {
    if (!isUtc(timeZone)) {
      throw optionError(
        `mongoListStore cannot sort by ${attribute.path}: it is ISO-8601 text whose times without an offset are in ${timeZone}, ` +
          'and MongoDB sorts text as text, not by instant; the store computes the instant only for text in UTC. ' +
          'Store it as a BSON date (storage "date"), as Unix seconds or milliseconds, or as ISO text in UTC.',
      );
    }
    return isoTextUtcSeconds(X);
  },
  // Only texts of toISOString's form (from year 0001) are instants; their reading is the ISO one.
  iso_canonical: () => ({
    $cond: [{ $cond: [isString(X), { $and: [{ $gte: [X, '0001'] }, { $regexMatch: { input: X, regex: CANONICAL_TEXT_PATTERN } }] }, false] }, isoTextUtcSeconds(X), null],
  }),
};

/** The value of an id of each kind: integer ids as numbers, uuids lower-cased, others as text. */
const IDS: { readonly [K in IdKind]: MongoExpression } = {
  integer: {
    $cond: [
      // $floor only on numbers: MongoDB refuses it on anything else, even in a branch $and would skip.
      { $cond: [numberWithin(X, MAX_SAFE), { $eq: [{ $floor: X }, X] }, false] },
      plusZero(X),
      integerText((n) => n),
    ],
  },
  uuid: { $cond: [isString(X), codeUnitFormExpression({ $toLower: X }), null] },
  prefixed: { $cond: [isString(X), codeUnitFormExpression(X), null] },
  text: { $cond: [isString(X), codeUnitFormExpression(X), null] },
};

/**
 * The sort value of `$$x` for an attribute of each type, null when it has none. Keyed by type,
 * so a new type does not compile until the store says how it sorts.
 */
const SORT_VALUES: { readonly [T in AttributeType]: (attribute: Attribute) => MongoExpression } = {
  ID: (attribute) => IDS[attribute.id?.kind ?? 'text'],
  String: () => ({ $cond: [isString(X), codeUnitFormExpression(X), null] }),
  Timestamp: (attribute) => {
    const storage = attribute.storage ?? { kind: 'unix_seconds' };
    // The table is keyed by kind, so the storage matches its entry; TS cannot see the correlation.
    return (INSTANTS[storage.kind] as (s: TimestampStorage, a: Attribute) => MongoExpression)(storage, attribute);
  },
  // Lists never sort by a Boolean (isSortable): it has no order, so no sort value.
  Boolean: () => null,
  Number: () => ({ $cond: [numberWithin(X, Number.MAX_VALUE), plusZero(X), null] }),
};

/** The sort value of `$$x` for `attribute`, null when it has none. */
function valueOf(attribute: Attribute): MongoExpression {
  return SORT_VALUES[attribute.type](attribute);
}

/** Whether a zone is UTC under any of its names: then a wall-clock time is the instant. */
function isUtc(timeZone: string): boolean {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    return ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT'].includes(resolved);
  } catch {
    return false;
  }
}
