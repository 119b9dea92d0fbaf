/**
 * Whether a stored value is a value of its attribute's declared type and storage, as every
 * backend reads it (a value that is not counts as missing: language rule 3), and what to declare
 * instead. One entry per attribute type, so a new type does not compile until it is diagnosed.
 */
import { storedValueReader } from '../schema/stored-value.js';
import { wholeSecondsReader } from '../schema/stored-instant.js';
import type { Attribute, AttributeType, TimestampStorageKind } from '../schema/types.js';
import type { StoredKind } from './stored-kind.js';

/** A value that fits but looks stored otherwise: what it looks like, and what to declare. */
export interface Implausible {
  readonly looks: string;
  readonly fix: string;
}

/** What the diagnosis knows of one attribute's values: the storage it declares, and how to judge and fix a value. */
export interface StorageFit {
  /** The declared storage as a message says it: `ISO-8601 text (storage "iso_text")`. */
  readonly declared: string;
  /** Whether `x` (neither undefined nor null) is a value of the attribute. */
  readonly fits: (x: unknown) => boolean;
  /** For a value that fits but is most likely stored otherwise (milliseconds read as seconds): what it looks like, and the fix. */
  readonly implausible?: (x: unknown) => Implausible | undefined;
  /** Whether the numbers 0 and 1 are told apart from other numbers (a Boolean's other storage). */
  readonly zeroOrOne?: boolean;
  /** What to declare (or do) for values of `kind` that do not fit; undefined where the generic advice holds. */
  readonly fix: (kind: StoredKind) => string | undefined;
}

const storage = (name: string) => `declare storage: '${name}' on the attribute`;
const REMOVE_STORAGE = (name: string, holds: string) => `remove storage: '${name}': the records hold ${holds}, which is the type's own storage`;

/** Numbers past this many seconds (the year 5138) are most likely milliseconds. */
const MILLISECONDS_AS_SECONDS = 1e11;
/** Milliseconds from 1970-01-02 to 1973-03-03 are most likely seconds (1973 to 5138). */
const SECONDS_AS_MILLISECONDS = { from: 1e8, to: 1e11 };

/** A Timestamp's storage: how it is named, and what its values look like when another storage was meant. */
const TIMESTAMP_STORAGES: { readonly [K in TimestampStorageKind]: { readonly named: string; readonly implausible?: (x: unknown) => Implausible | undefined } } = {
  unix_seconds: {
    named: 'Unix seconds (the default storage, "unix_seconds")',
    implausible: (x) =>
      typeof x === 'number' && Math.abs(x) >= MILLISECONDS_AS_SECONDS
        ? { looks: 'a number of seconds past the year 5000: Unix milliseconds?', fix: storage('unix_milliseconds') }
        : undefined,
  },
  unix_milliseconds: {
    named: 'Unix milliseconds (storage "unix_milliseconds")',
    implausible: (x) =>
      typeof x === 'number' && Math.abs(x) >= SECONDS_AS_MILLISECONDS.from && Math.abs(x) < SECONDS_AS_MILLISECONDS.to
        ? { looks: 'a number of milliseconds in the first years of 1970: Unix seconds?', fix: storage('unix_seconds') }
        : undefined,
  },
  date: { named: 'a JavaScript Date (storage "date")' },
  iso_text: { named: 'ISO-8601 text (storage "iso_text")' },
  iso_canonical: { named: 'ISO-8601 text as toISOString writes it (storage "iso_canonical")' },
};

/** What a Timestamp holding values of each kind should declare. */
function timestampFix(kind: StoredKind): string | undefined {
  switch (kind) {
    case 'date':
      return (
        `${storage('date')}: the records hold Dates, as Prisma Client, TypeORM, Drizzle and the MongoDB driver give date-times. ` +
        'JSON Schema can only say that a date-time is text, so a schema derived from one (a Prisma JSON Schema generator, an OpenAPI document) reads it as ISO text, and every one of these values is missing'
      );
    case 'ISO text':
      return storage('iso_text');
    case 'number':
      return `${storage('unix_seconds')} (or 'unix_milliseconds' for Date.now() values)`;
    case 'decimal text':
      return 'the records hold numbers as text: store them as numbers, or as ISO-8601 text';
    default:
      return undefined;
  }
}

/** One entry per attribute type: its declared storage, what fits it, and the fixes. */
const FITS: { readonly [T in AttributeType]: (attribute: Attribute) => StorageFit } = {
  String: () => ({
    declared: 'text',
    fits: (x) => typeof x === 'string',
    fix: (kind) => (kind === 'number' ? "the records hold numbers: declare type: 'Number' (or an ID with id: { kind: 'integer' })" : undefined),
  }),
  ID: (attribute) =>
    attribute.id?.kind === 'integer'
      ? {
          declared: 'integer ids (numbers)',
          fits: (x) => Number.isFinite(x),
          fix: (kind) => (kind === 'decimal text' ? "the records hold ids as text: declare id: { kind: 'text' }, or store numbers" : kind === 'text' ? "declare id: { kind: 'text' }" : undefined),
        }
      : {
          declared: 'ids as text',
          fits: (x) => typeof x === 'string',
          fix: (kind) => (kind === 'number' ? "the records hold numbers: declare id: { kind: 'integer' }" : undefined),
        },
  Number: (attribute) => {
    const stored = attribute.valueStorage;
    if (stored !== undefined) {
      const read = storedValueReader(stored);
      return {
        declared: 'decimal text (storage "decimal_text")',
        fits: (x) => read(x) !== undefined,
        fix: (kind) => (kind === 'number' ? REMOVE_STORAGE(stored, 'numbers') : undefined),
      };
    }
    return {
      declared: 'numbers',
      fits: (x) => Number.isFinite(x),
      fix: (kind) =>
        kind === 'decimal text'
          ? `${storage('decimal_text')} (PostgreSQL numeric, MySQL DECIMAL and Drizzle's numeric give rows such texts)`
          : kind === 'bigint'
            ? 'convert the BigInt values with Number() before filtering (exact below 2^53)'
            : kind === 'decimal object'
              ? 'convert the decimal objects with toNumber() before filtering, or read the column as text and declare storage: \'decimal_text\''
              : undefined,
    };
  },
  Boolean: (attribute) => {
    const stored = attribute.valueStorage;
    if (stored !== undefined) {
      const read = storedValueReader(stored);
      return { declared: 'the integers 0 and 1 (storage "zero_one")', fits: (x) => read(x) !== undefined, fix: (kind) => (kind === 'boolean' ? REMOVE_STORAGE(stored, 'booleans') : undefined) };
    }
    return {
      declared: 'booleans',
      fits: (x) => typeof x === 'boolean',
      zeroOrOne: true,
      fix: (kind) =>
        kind === 'zero or one'
          ? `${storage('zero_one')} (SQLite, MySQL TINYINT(1) and rows read without a mapper hold 0 and 1)`
          : kind === 'boolean text'
            ? 'convert the texts "true" and "false" to booleans before filtering'
            : undefined,
    };
  },
  Timestamp: (attribute) => {
    const kind = attribute.storage!.kind;
    const read = wholeSecondsReader(attribute.storage!);
    const facts = TIMESTAMP_STORAGES[kind];
    return {
      declared: facts.named,
      fits: (x) => read(x) !== undefined,
      ...(facts.implausible === undefined ? {} : { implausible: facts.implausible }),
      fix: timestampFix,
    };
  },
};

/**
 * How the diagnosis judges the values of `attribute`.
 *
 * @example
 * ```ts
 * const fit = storageFit(defineSchema({ entities: { t: { attributes: { at: { type: 'Timestamp', storage: 'iso_text' } } } } }).entities.t.attributes.at);
 * fit.fits(new Date()); // false
 * fit.fix('date'); // "declare storage: 'date' on the attribute: the records hold Dates, …"
 * ```
 */
export function storageFit(attribute: Attribute): StorageFit {
  return FITS[attribute.type](attribute);
}

/**
 * The advice for a value of `kind` that no type-specific fix covers: arrays, objects, the rest.
 *
 * @example
 * ```ts
 * genericFix('array', 'tags', false); // "the records hold arrays: declare source: { kind: 'element', arrays: ['tags'] } …"
 * ```
 */
export function genericFix(kind: StoredKind, field: string, collection: boolean): string {
  if (kind === 'array' && !collection) {
    return `the records hold arrays: declare source: { kind: 'element', arrays: [${JSON.stringify(field)}] }, and some element matches (docs/schema.md, element sources)`;
  }
  if (kind === 'object' || kind === 'array') return 'tql compares scalar values: read the nested value with an element source, or store it flat';
  return 'store values of the declared type, or declare the type and storage the records hold';
}
