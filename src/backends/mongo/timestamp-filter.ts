/**
 * Timestamp comparisons for each storage a schema can declare (`Attribute.storage`): the ranges
 * of whole seconds a comparison selects (`seconds-range.ts`) as conditions on the stored value.
 *
 * - `unix_seconds`: a numeric range, bounds `t` or `t+1`. Each range has a strict upper side,
 *   which NaN fails in mingo (it compares NaN equal to every number) and MongoDB (NaN sorts below
 *   every number); open sides are the largest finite doubles, as for numbers (`FINITE`).
 * - `unix_milliseconds`: the same with bounds ×1000, within ±8.64e15 (the range of a `Date`).
 * - `date`: a range of BSON dates, compared as dates. mingo compares an invalid `Date` (NaN time)
 *   equal to every date, so again each range has a strict upper side.
 * - `iso_text`: an aggregation expression (`iso-text.ts`).
 * - `iso_canonical`: a range of texts and a regular expression for the form (`iso-text.ts`).
 */
import type { Attribute, TimestampStorage, TimestampStorageKind } from '../../schema/types.js';
import { canonicalIsoRange } from '../../schema/canonical-iso.js';
import { MAX_DATE_MILLISECONDS } from '../../schema/stored-instant.js';
import { FINITE, whereAnyValue, whereExpression, type QuerySpan, type ValueCondition } from './attribute-filter.js';
import type { MongoBound, MongoFilter } from './filter.js';
import { CANONICAL_TEXT_PATTERN, isoTextIn } from './iso-text.js';
import type { SecondsRange } from './seconds-range.js';

type StorageOf<K extends TimestampStorageKind> = Extract<TimestampStorage, { kind: K }>;

/** Documents whose instant (floored to the second) lies in one of the ranges. */
type InstantFilter<S extends TimestampStorage> = (attribute: Attribute, storage: S, ranges: readonly SecondsRange[], site: QuerySpan) => MongoFilter;

/** A numeric range `[from, to)` of seconds, with a strict upper side whatever is open. */
function secondsRange(range: SecondsRange): ValueCondition {
  return { ...(range.from === undefined ? { $gt: FINITE.$gt } : { $gte: range.from }), $lt: range.to ?? FINITE.$lt };
}

/**
 * The instants `[from, to)` as conditions on a stored value of at most ±`limit` units a second
 * `scale` (milliseconds, as numbers or dates), any of which will do. Each has a strict upper
 * side; the largest value itself is matched by `$eq`, which NaN fails too.
 */
function limitedRange(range: SecondsRange, scale: number, bound: (n: number) => MongoBound): ValueCondition[] {
  const limit = MAX_DATE_MILLISECONDS;
  const from = Math.max(range.from === undefined ? -limit : range.from * scale, -limit);
  const to = range.to === undefined ? Infinity : range.to * scale;
  if (from > limit || to <= from) return [];
  if (to <= limit) return [{ $gte: bound(from), $lt: bound(to) }];
  return [{ $gte: bound(from), $lt: bound(limit) }, { $eq: bound(limit) }];
}

/** The canonical texts of the instants `[from, to)`: none, or one range of texts of that form. */
function canonicalRange(range: SecondsRange): ValueCondition[] {
  const texts = canonicalIsoRange(range.from, range.to);
  return texts === undefined ? [] : [{ $gte: texts.from, $lte: texts.to, $regex: CANONICAL_TEXT_PATTERN }];
}

const asNumber = (n: number): number => n;
const asDate = (n: number): Date => new Date(n);

/** One entry per storage kind: a new kind does not compile until the Mongo backend reads it. */
const INSTANT_FILTERS: { readonly [K in TimestampStorageKind]: InstantFilter<StorageOf<K>> } = {
  unix_seconds: (a, _s, ranges, site) => whereAnyValue(a, ranges.map(secondsRange), site),
  unix_milliseconds: (a, _s, ranges, site) => whereAnyValue(a, ranges.flatMap((r) => limitedRange(r, 1000, asNumber)), site),
  date: (a, _s, ranges, site) => whereAnyValue(a, ranges.flatMap((r) => limitedRange(r, 1000, asDate)), site),
  iso_text: (a, { timeZone }, ranges, site) => whereExpression(a, (value) => isoTextIn(value, ranges, timeZone), site),
  iso_canonical: (a, _s, ranges, site) => whereAnyValue(a, ranges.flatMap(canonicalRange), site),
};

/**
 * Documents where the timestamp attribute holds a valid instant of its storage whose whole
 * second lies in one of `ranges` (`[ALL_INSTANTS]`: any valid instant, what `NOT_EQ null` selects).
 *
 * @example
 * ```ts
 * instantIn(createdAtAsDate, [SECONDS_RANGE.EQ(1700000000)], site);
 * // { created_at: { $not: { $type: 'array' }, $gte: new Date(1700000000000), $lt: new Date(1700000001000) } }
 * ```
 */
export function instantIn(attribute: Attribute, ranges: readonly SecondsRange[], site: QuerySpan): MongoFilter {
  const storage = attribute.storage ?? { kind: 'unix_seconds' };
  // The table is keyed by kind, so the storage matches its entry; TS cannot see the correlation.
  return (INSTANT_FILTERS[storage.kind] as InstantFilter<TimestampStorage>)(attribute, storage, ranges, site);
}
