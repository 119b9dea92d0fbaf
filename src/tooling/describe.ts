/**
 * Short descriptions of attributes, operators and keywords, shared by completion (its `detail`)
 * and hover. Operators are described in their table (src/schema/operators.ts).
 */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import type { TextPlace } from '../schema/operators.js';
import type { Attribute, Entity, IdFormat, IdKind, TimestampStorage, TimestampStorageKind } from '../schema/types.js';

/** Where a text test finds its value, in words that run on into the attribute: `at the start of agent.name`. */
export const TEXT_PLACE_WORDS: { readonly [P in TextPlace]: string } = { anywhere: 'anywhere in', start: 'at the start of', end: 'at the end of' };

/** What the keywords mean. */
export const KEYWORD_MEANINGS = {
  AND: 'both sides hold; binds tighter than OR',
  OR: 'either side holds',
  NOT: 'the group in parentheses after it does not hold: matches exactly the records the group does not match',
} as const;

/** Each id format in a few words; keyed by kind, so a new format does not compile until it is described. */
const ID_SUMMARIES: { readonly [K in IdKind]: (format: Extract<IdFormat, { kind: K }>) => string } = {
  prefixed: ({ prefix }) => `ids ${prefix}…`,
  integer: () => 'integer ids',
  uuid: () => 'uuids, in any case',
  text: () => 'text ids',
};

/** How records store an instant, in a few words (`undefined` for the default, Unix seconds). */
const STORAGE_SUMMARIES: { readonly [K in TimestampStorageKind]: (storage: Extract<TimestampStorage, { kind: K }>) => string | undefined } = {
  unix_seconds: () => undefined,
  unix_milliseconds: () => 'stored as Unix milliseconds',
  date: () => 'stored as a Date',
  iso_text: ({ timeZone }) => (timeZone === 'UTC' ? 'stored as ISO-8601 text' : `stored as ISO-8601 text, in ${timeZone} without an offset`),
  iso_canonical: () => 'stored as toISOString text',
};

/**
 * How the records of a Timestamp attribute store the instant, in a few words; undefined for the
 * default (Unix seconds) and for other attributes.
 *
 * @example
 * ```ts
 * storageSummary(schema.entities.event.attributes.created_at); // 'stored as Unix milliseconds'
 * ```
 */
export function storageSummary(a: Attribute): string | undefined {
  const storage = a.storage;
  // The tables are keyed by kind, so the value matches its entry; TS cannot see the correlation.
  return storage === undefined ? undefined : (STORAGE_SUMMARIES[storage.kind] as (s: TimestampStorage) => string | undefined)(storage);
}

/**
 * An attribute in one line: type, nullability, values, id format or storage, operators.
 *
 * @example
 * ```ts
 * attributeSummary(schedulingSchema.entities.agent.attributes.url_slug); // 'String, nullable; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN'
 * ```
 */
export function attributeSummary(a: Attribute): string {
  const parts = [a.collection ? `${a.type} (any of several values)` : a.type];
  if (a.nullable) parts.push('nullable');
  if (a.values !== undefined) parts.push(`one of ${firstFew(a.values)}`);
  if (a.id !== undefined) parts.push((ID_SUMMARIES[a.id.kind] as (f: IdFormat) => string)(a.id));
  const stored = storageSummary(a);
  if (stored !== undefined) parts.push(stored);
  return `${parts.join(', ')}; ${a.operators.join(', ')}`;
}

/** How many items of a long list a description shows before it only counts the rest. */
const SHOWN = 10;

/**
 * The first few items of a list and how many more there are, so a description of a closed set of
 * 100,000 values stays a line long.
 *
 * @example
 * ```ts
 * firstFew(['a', 'b']); // 'a, b'
 * firstFew(Array.from({ length: 12 }, (_, i) => `v${i}`)); // 'v0, v1, v2, v3, v4, v5, v6, v7, v8, v9 and 2 more'
 * ```
 */
export function firstFew(items: readonly string[]): string {
  if (items.length <= SHOWN) return items.join(', ');
  return `${items.slice(0, SHOWN).join(', ')} and ${(items.length - SHOWN).toLocaleString('en-US')} more`;
}

/** The attribute an attribute path names in `entity`, when it does. */
export function attributeOf(entity: Entity, path: string | undefined): Attribute | undefined {
  if (path === undefined) return undefined;
  const dot = path.indexOf('.');
  if (dot < 0 || path.slice(0, dot) !== entity.name) return undefined;
  const name = path.slice(dot + 1);
  return Object.hasOwn(entity.attributes, name) ? (entity.attributes as Record<string, Attribute>)[name] : undefined;
}

/** The operator an operator word names, when it does. */
export function operatorOf(word: string | undefined): Operator | undefined {
  return (OPERATORS as readonly (string | undefined)[]).includes(word) ? (word as Operator) : undefined;
}
